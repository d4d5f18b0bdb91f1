"""Environments for reinforcement learning: PettingZoo and OpenSpiel (docs/rl.md)."""
