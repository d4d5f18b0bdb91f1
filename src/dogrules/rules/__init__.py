"""The shared mechanics: one module per idea, each public function a rule function."""
