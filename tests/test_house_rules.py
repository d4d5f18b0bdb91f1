"""House rules (issue 36): every ruling that chooses between readings names its alternatives
in the register, a table chooses among them, and the engine plays by the chosen ones."""

from __future__ import annotations

import pytest

import dogrules
from dogrules import HouseRules, HouseRulesError
from dogrules.data.register import ClauseKind, all_clauses, readings

RULINGS_WITH_ALTERNATIVES = {
    "R-C4": ("own-colour", "strict"),
    "R-C13": ("sub-move-order", "acting-side-first"),
    "R-C14": ("per-sub-move", "start-of-card"),
    "R-K9": ("optional", "compulsory"),
}


def test_every_ruling_names_its_alternatives_or_says_why_none() -> None:
    for clause in all_clauses():
        if clause.kind != ClauseKind.RULING:
            assert not clause.readings and not clause.no_alternative, clause.id
            continue
        assert bool(clause.readings) != bool(clause.no_alternative), (
            f"{clause.id} must either name its alternatives or say why it has none"
        )


def test_the_register_reads_the_four_open_rulings() -> None:
    for ruling, names in RULINGS_WITH_ALTERNATIVES.items():
        found = readings(ruling)
        assert tuple(r.name for r in found) == names, ruling
        assert [r.default for r in found] == [True] + [False] * (len(found) - 1), ruling
        assert all(r.text and r.rationale for r in found), ruling


def test_house_rules_keep_only_departures_and_round_trip_through_json() -> None:
    v = dogrules.variant("black-dog", rulings={"R-C4": "strict", "R-C14": "per-sub-move"})
    assert v.house_rules == HouseRules((("R-C4", "strict"),))
    assert v.house_rules.to_json() == {"R-C4": "strict"}
    assert HouseRules.from_json(v.house_rules.to_json()) == v.house_rules
    assert hash(v.house_rules) == hash(HouseRules.from_json({"R-C4": "strict"}))


def test_a_variant_with_house_rules_is_a_value() -> None:
    plain = dogrules.variant("black-dog")
    strict = dogrules.variant("black-dog", rulings={"R-C4": "strict"})
    assert dogrules.variant("black-dog", rulings={}) is plain
    assert dogrules.variant("black-dog", rulings={"R-C4": "own-colour"}) is plain
    assert strict != plain
    assert strict == dogrules.variant("black-dog", rulings=HouseRules((("R-C4", "strict"),)))
    assert len({strict, dogrules.variant("black-dog", rulings={"R-C4": "strict"})}) == 1
    assert not plain.house_rules


@pytest.mark.parametrize(
    ("variant", "rulings", "named"),
    [
        ("black-dog", {"R-K9": "compulsory"}, "R-K9"),
        ("dog-kids", {"R-C4": "strict"}, "R-C4"),
        ("black-dog", {"R-C1": "other"}, "R-C1"),
        ("black-dog", {"R-C4": "loose"}, "loose"),
        ("agent-dog", {"R-X1": "strict"}, "R-X1"),
    ],
)
def test_house_rules_a_variant_cannot_play_by_are_refused_by_name(
    variant: str, rulings: dict[str, str], named: str
) -> None:
    with pytest.raises(HouseRulesError, match=named) as raised:
        dogrules.variant(variant, rulings=rulings)
    assert isinstance(raised.value, ValueError)
    assert raised.value.valid


def test_house_rules_that_are_not_a_mapping_of_names_are_refused() -> None:
    with pytest.raises(HouseRulesError, match="map ruling ids"):
        dogrules.variant("black-dog", rulings={"R-C4": 4})  # type: ignore[dict-item]
    with pytest.raises(HouseRulesError, match="map ruling ids"):
        HouseRules.from_json(["R-C4", "strict"])
