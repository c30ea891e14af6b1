"""The hierarchy engine (§9.2-9.6): merge rule with strengths, split rule, REDUCE with its
`place_reduced` decision for the owner (possibly not the active seat), `choose_reduction` for
the trigger, shadows of reduced buildings, and resumption exactly where the procedure stopped
(§11.3). Rulings K-R13, K-R17, K-R18, K-R21, K-R22."""

from __future__ import annotations

from referee.games.khronos.spatial import Layout
from referee.games.khronos.state import free_cubes
from tests.games.khronos.positions import Pos, at, components, kinds


def hamlet(anchor, card, age="might"):
    return {"type": "build", "age": age, "building": "civil", "rank": 1, "anchor": list(anchor), "cards": [card]}


def split_position() -> Pos:
    """Seat 1's castle C1 and seat 2's castle C2 touch; seat 0's watchtower W links them to seat 1's
    fortress F, the domain's unique top. C1 has a Faith shadow and a Reason ruin."""
    pos = Pos(seats=3)
    pos.put("might", "military", 2, (0, 0), 1)  # C1
    pos.put("might", "military", 2, (0, 2), 2)  # C2
    pos.put("might", "military", 1, (2, 1), 0)  # W
    pos.put("might", "military", 3, (3, 0), 1)  # F
    pos.put("faith", "military", 2, (0, 0), 1)
    pos.put("reason", "military", 2, (0, 0), ruin=True)
    return pos


def test_9_3_split_rule_trigger_chooses_then_the_owner_places_the_reduced_tile():
    pos = split_position()
    card = pos.hand(0, "M")[0]
    st = pos.play(0, {"type": "demolish", "age": "might", "at": [2, 1], "card": card})
    assert st["pending"] == [{"decision": "choose_reduction", "seat": 0, "age": "might", "options": [[0, 0], [0, 2]]}]
    assert st["resolution_cursor"] == {"trigger": 0, "ages": ["might", "faith"]}
    [prompt] = pos.rules.prompts(st)
    assert (prompt.seat, prompt.kind, prompt.default) == (0, "choose_reduction", {"type": "choose_reduction", "at": [0, 0]})
    assert len(prompt.choices) == 2
    assert pos.refused(1, {"type": "choose_reduction", "at": [0, 0]}, st).rule == "K-9"
    assert pos.refused(0, {"type": "end_turn"}, st).rule == "K-9"
    assert pos.refused(0, {"type": "choose_reduction", "at": [3, 0]}, st).rule == "K-24"

    st = pos.play(0, {"type": "choose_reduction", "at": [0, 0]}, st)
    d = st["pending"][0]
    assert (d["decision"], d["seat"], d["rank"]) == ("place_reduced", 1, 1)
    assert d["options"] == [[0, 0], [0, 1], [1, 0], [1, 1]]
    [prompt] = pos.rules.prompts(st)
    assert prompt.seat == 1 and prompt.default == {"type": "place_reduced", "anchor": [0, 0]}
    assert pos.refused(0, {"type": "place_reduced", "anchor": [1, 1]}, st).rule == "K-9"
    assert pos.refused(1, {"type": "place_reduced", "anchor": [2, 2]}, st).rule == "K-24"

    st = pos.play(1, {"type": "place_reduced", "anchor": [1, 1]}, st)
    assert at(st, "might", (1, 1)) | {} and at(st, "might", (1, 1))["rank"] == 1
    assert at(st, "might", (1, 1))["owner"] == 1
    assert kinds(st, "faith") == [] and kinds(st, "reason") == []  # DESTROY_SHADOWS (k' = 1)
    assert st["pending"] == [] and st["resolution_cursor"] is None
    assert pos.rules.check_state(st) == []
    assert pos.rules.prompts(st)[0].seat == 0 and pos.rules.prompts(st)[0].kind == "turn"


def test_9_3_split_rule_reduces_the_triggers_own_building_without_asking():
    pos = Pos(seats=3)
    pos.put("might", "military", 2, (0, 0), 0)
    pos.put("might", "military", 2, (0, 2), 2)
    pos.put("might", "military", 1, (2, 1), 1)
    pos.put("might", "military", 3, (3, 0), 1)
    st = pos.play(0, {"type": "demolish", "age": "might", "at": [2, 1], "card": pos.hand(0, "M")[0]})
    d = st["pending"][0]
    assert d["decision"] == "place_reduced" and d["seat"] == 0 and d["at"] == [0, 0]


def merge_position(extra_a: bool = True, owners=(1, 2)) -> Pos:
    """Domain A: castle (0,0) [+ watchtower (0,2)]; domain B: castle (3,0); a hamlet at (2,0) joins them."""
    pos = Pos(seats=3)
    pos.put("might", "military", 2, (0, 0), owners[0])
    if extra_a:
        pos.put("might", "military", 1, (0, 2), owners[0])
    pos.put("might", "military", 2, (3, 0), owners[1])
    return pos


def test_9_4_merge_rule_the_weaker_original_domain_is_reduced_by_its_owner():
    pos = merge_position()
    st = pos.play(0, hamlet((2, 0), pos.hand(0, "C")[0]))
    d = st["pending"][0]
    assert (d["decision"], d["seat"], d["at"]) == ("place_reduced", 2, [3, 0])  # strength 3 beats 2
    assert at(st, "might", (3, 0))["merge_tag"] != at(st, "might", (0, 0))["merge_tag"]
    st = pos.play(2, {"type": "place_reduced", "anchor": [4, 1]}, st)
    assert at(st, "might", (4, 1))["rank"] == 1 and at(st, "might", (4, 1))["owner"] == 2
    assert all(t["merge_tag"] is None for t in st["boards"]["might"]["tiles"].values())  # E7
    assert pos.rules.check_state(st) == []


def test_9_4_merge_rule_equal_strengths_the_triggers_own_building_is_reduced():
    pos = merge_position(extra_a=False, owners=(1, 0))
    st = pos.play(0, hamlet((2, 0), pos.hand(0, "C")[0]))
    d = st["pending"][0]
    assert (d["decision"], d["seat"], d["at"]) == ("place_reduced", 0, [3, 0])


def test_9_4_merge_rule_equal_strengths_of_others_the_trigger_chooses():
    pos = merge_position(extra_a=False, owners=(1, 2))
    st = pos.play(0, hamlet((2, 0), pos.hand(0, "C")[0]))
    assert st["pending"][0]["decision"] == "choose_reduction" and st["pending"][0]["options"] == [[0, 0], [3, 0]]
    st = pos.play(0, {"type": "choose_reduction", "at": [3, 0]}, st)
    assert st["pending"][0]["seat"] == 2


def test_9_5_reduce_without_a_smaller_tile_removes_the_building_and_its_shadows():
    pos = Pos(seats=3, comp=components(military_2=3, military_1=0))
    pos.put("might", "military", 2, (0, 0), 1)
    pos.put("might", "military", 2, (3, 0), 2)
    pos.put("faith", "military", 2, (3, 0), 2)
    st = pos.play(0, hamlet((2, 0), pos.hand(0, "C")[0]))
    st = pos.play(0, {"type": "choose_reduction", "at": [3, 0]}, st)
    assert st["pending"] == [] and at(st, "might", (3, 0)) is None and kinds(st, "faith") == []
    assert st["supply"]["military_2"] == 2


def fortress_merge_position(faith_rival: bool = False) -> Pos:
    """Seat 1's fortress X (0,0) with its Faith shadow and a half-restored Reason ruin (seat 2's
    restoration cube), against seat 2's stronger fortress + watchtower; a hamlet at (3,0) joins them."""
    pos = Pos(seats=3)
    pos.put("might", "military", 3, (0, 0), 1)
    pos.put("faith", "military", 3, (0, 0), 1)
    pos.put("reason", "military", 3, (0, 0), ruin=True, restore_cube=2)
    pos.put("might", "military", 3, (4, 0), 2)
    pos.put("might", "military", 1, (4, 3), 2)
    if faith_rival:
        pos.put("faith", "military", 2, (3, 0), 2)  # below the Faith fortress, in its domain
    return pos


def test_9_6_replace_shadows_and_K_R18_restoration_cube_returns():
    pos = fortress_merge_position()
    st = pos.play(0, hamlet((3, 0), pos.hand(0, "C")[0]))
    d = st["pending"][0]
    assert (d["decision"], d["seat"], d["rank"]) == ("place_reduced", 1, 2)
    assert d["options"] == [[0, 0], [0, 1], [1, 0], [1, 1]]
    st = pos.play(1, {"type": "place_reduced", "anchor": [1, 1]}, st)
    assert at(st, "might", (1, 1))["rank"] == 2
    assert kinds(st, "faith") == [("military", 2, (1, 1), 1, False)]
    assert kinds(st, "reason") == [("military", 2, (1, 1), None, True)]
    assert at(st, "reason", (1, 1))["restore_cube"] is None
    assert free_cubes(pos.rules.data, st, 2) == 25 - 2
    assert pos.rules.check_state(st) == []


def test_K_R13_forbidden_rank_two_faith_copy_removes_the_shadow_chain():
    pos = fortress_merge_position(faith_rival=True)
    st = pos.play(0, hamlet((3, 0), pos.hand(0, "C")[0]))
    st = pos.play(1, {"type": "place_reduced", "anchor": [0, 0]}, st)
    assert kinds(st, "faith") == [("military", 2, (3, 0), 2, False)]
    assert kinds(st, "reason") == []


def test_K_R22_might_is_settled_before_faith():
    pos = Pos(seats=3)
    pos.put("might", "religious", 2, (0, 0), 1)
    pos.put("might", "religious", 2, (1, 3), 2)
    pos.put("faith", "religious", 2, (0, 0), 1)
    pos.put("faith", "religious", 2, (1, 3), 0)
    cards = pos.hand(0, "C", "C", "C")
    # a village at (2,1) joins the two monasteries in Might and, by its copy, in Faith
    st = pos.play(0, {"type": "build", "age": "might", "building": "civil", "rank": 2, "anchor": [2, 1],
                      "cards": cards})
    assert st["pending"][0]["age"] == "might" and st["resolution_cursor"]["ages"] == ["might", "faith"]
    st = pos.play(0, {"type": "choose_reduction", "at": [1, 3]}, st)
    st = pos.play(2, {"type": "place_reduced", "anchor": [1, 4]}, st)
    d = st["pending"][0]
    assert (d["age"], d["decision"], d["seat"]) == ("faith", "place_reduced", 0)  # own building, no choice
    assert st["resolution_cursor"]["ages"] == ["faith"]
    st = pos.play(0, {"type": "place_reduced", "anchor": [2, 4]}, st)
    assert st["pending"] == [] and st["resolution_cursor"] is None
    assert pos.rules.check_state(st) == []


def test_K_R17_strength_counts_all_tagged_buildings_wherever_they_stand_now():
    """Mid-action state after a merge and a split: two castles of different pre-merge domains tie;
    domain B's fortress now stands in another domain but still counts for B, so A's castle is the
    weaker one and is reduced without asking the trigger (merge rule, not split rule)."""
    from referee.games.khronos.resolve import proceed
    pos = Pos(seats=3)
    a = pos.put("might", "military", 2, (0, 0), 1)
    b = pos.put("might", "military", 2, (0, 2), 2)
    f = pos.put("might", "military", 3, (5, 5), 2)
    tiles = pos.st["boards"]["might"]["tiles"]
    tiles[a]["merge_tag"], tiles[b]["merge_tag"], tiles[f]["merge_tag"] = "m1", "m2", "m2"
    pos.st["resolution_cursor"] = {"trigger": 0, "ages": ["might"]}
    assert pos.rules.check_state(pos.st) == []  # a violation is fine while the cursor runs
    proceed(pos.rules.data, pos.st)
    assert [(d["decision"], d["seat"], d["at"]) for d in pos.st["pending"]] == [("place_reduced", 1, [0, 0])]
    untagged = Pos(seats=3)
    untagged.put("might", "military", 2, (0, 0), 1)
    untagged.put("might", "military", 2, (0, 2), 2)
    untagged.st["resolution_cursor"] = {"trigger": 0, "ages": ["might"]}
    proceed(untagged.rules.data, untagged.st)
    assert untagged.st["pending"][0]["decision"] == "choose_reduction"  # split rule: the trigger chooses


def test_11_3_replaying_the_same_answers_reproduces_the_same_states():
    def run() -> list[dict]:
        pos = split_position()
        card = pos.st["deck"][0]
        pos.hand(0, card)
        out = [pos.play(0, {"type": "demolish", "age": "might", "at": [2, 1], "card": card})]
        out.append(pos.play(0, pos.rules.default_move(out[-1], 0), out[-1]))
        out.append(pos.play(1, pos.rules.default_move(out[-1], 1), out[-1]))
        return out
    assert run() == run()


def test_cascade_a_might_reduction_breaks_faith_which_prompts_a_third_seat():
    """Might: seat 1's fortress loses the merge and is reduced (seat 1 places it); its Faith shadow,
    the top of a Faith domain holding the castles of seats 2 and 3, goes (K-R13: the rank-2 copy is
    forbidden there); RESOLVE(faith) then finds the two castles tied (split rule): seat 0 chooses,
    seat 3 places. Four decisions, three seats, each resumed where it stopped."""
    pos = Pos(seats=4)
    pos.put("might", "military", 3, (0, 0), 1)
    pos.put("might", "military", 3, (4, 0), 2)
    pos.put("might", "military", 1, (4, 3), 2)
    pos.put("faith", "military", 3, (0, 0), 1)
    pos.put("faith", "military", 2, (3, 0), 2)
    pos.put("faith", "military", 2, (3, 2), 3)
    st = pos.play(0, hamlet((3, 0), pos.hand(0, "C")[0]))
    assert [(d["decision"], d["seat"], d["age"]) for d in st["pending"]] == [("place_reduced", 1, "might")]
    st = pos.play(1, {"type": "place_reduced", "anchor": [0, 0]}, st)
    assert [(d["decision"], d["seat"], d["age"]) for d in st["pending"]] == [("choose_reduction", 0, "faith")]
    assert st["resolution_cursor"]["ages"] == ["faith"]
    assert at(st, "faith", (0, 0)) is None
    st = pos.play(0, {"type": "choose_reduction", "at": [3, 2]}, st)
    assert [(d["decision"], d["seat"]) for d in st["pending"]] == [("place_reduced", 3)]
    assert pos.rules.prompts(st)[0].seat == 3
    st = pos.play(3, {"type": "place_reduced", "anchor": [4, 3]}, st)
    assert st["pending"] == [] and st["resolution_cursor"] is None
    assert kinds(st, "faith") == [("military", 1, (4, 3), 3, False), ("military", 2, (3, 0), 2, False)]
    assert pos.rules.check_state(st) == []
