"""The whole-game widget: the board picture from an observation, and the widget on the engine."""

from __future__ import annotations

import copy
import html
import json
import random
import re
from typing import Any

import pytest

from camelot_rules.front.steps import step_text
from widgets.game import (
    build_game_widget,
    example_observation,
    render_board,
    render_step,
    summarize_board,
)


def _obs(**changes: Any) -> dict[str, Any]:
    obs = copy.deepcopy(example_observation())
    obs.update(changes)
    return obs


def _svg(board: str, css: str) -> str:
    match = re.search(rf"<svg class='{css}'.*?</svg>", board, re.S)
    assert match, f"no {css} drawn"
    return match.group(0)


def _texts(svg: str) -> list[str]:
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


def _slots(svg: str) -> int:
    return svg.count("<rect")


def test_every_quest_and_part_of_the_board_is_drawn() -> None:
    board = render_board(_obs(), seat=1)
    for css in [
        "board-round-table",
        "board-siege",
        "board-black_knight",
        "board-lancelot",
        "board-excalibur",
        "board-grail",
        "board-picts",
        "board-saxons",
        "board-knights",
        "board-decks",
        "board-hand",
    ]:
        assert css in board, css
    assert "Hand of seat 1" in board and "loyalty: loyal" in board


def test_round_table_has_twelve_sword_slots_white_then_black() -> None:
    swords = _svg(render_board(_obs()), "board-swords")
    assert _slots(swords) == 12  # RB p.17: the 12th sword ends the game
    assert _texts(swords) == ["W", "W", "W", "B"]


def test_more_than_twelve_swords_at_the_end_are_all_shown() -> None:
    # RB p.17: several swords laid by the final action can make more than twelve
    swords = _svg(render_board(_obs(white_swords=8, black_swords=5)), "board-swords")
    assert _slots(swords) == 13 and _texts(swords).count("B") == 5


def test_siege_engines_fill_their_slots() -> None:
    board = render_board(_obs(siege_engines=10))
    engines = _svg(board, "board-engines")
    assert _slots(engines) == 12 and _texts(engines) == [str(i) for i in range(1, 11)]
    assert "10 of 12 siege engines" in board


def test_face_down_black_cards_show_as_question_marks() -> None:
    board = render_board(_obs())
    black = _svg(board, "board-black_knight-black")
    assert _texts(black) == ["5", "?"] and _slots(black) == 4  # BoQ p.5: 4 black spots
    assert _texts(_svg(board, "board-black_knight-white")) == ["3", "3"]
    assert "White 6 vs black 5 + 1 face down (?)" in board
    assert "hidden" not in summarize_board(_obs()).split("Black Knight:")[1].splitlines()[0]
    assert "Black Knight: white 3 3 | black 5 ?; knights: seat 2" in summarize_board(_obs())


def test_lancelot_then_dragon_then_neither() -> None:
    board = render_board(_obs())
    assert _slots(_svg(board, "board-lancelot-white")) == 5  # full house (BoQ p.6)
    obs = _obs()
    del obs["quests"]["lancelot"]
    obs["quests"]["lancelot_dragon"] = "dragon"
    obs["quests"]["dragon"] = {"white": [2, 2, 2], "black": ["hidden", 7], "knights": [0, 1]}
    board = render_board(obs)
    assert _slots(_svg(board, "board-dragon-white")) == 9  # three of a kind x3 (BoQ p.7)
    assert _texts(_svg(board, "board-dragon-black")) == ["?", "7"]
    assert "Dragon" in board and "Arthur (seat 0), Galahad (seat 1)" in board
    del obs["quests"]["dragon"]
    obs["quests"]["lancelot_dragon"] = "over"
    assert "both quests are over" in render_board(obs)
    assert "Lancelot and the Dragon: over" in summarize_board(obs)


def test_excalibur_track_runs_minus_five_to_plus_five() -> None:
    track = _svg(render_board(_obs()), "board-excalibur-track")
    assert _slots(track) == 11
    tips = re.findall(r"<title>([^<]*)</title>", track)
    assert tips[0] == "lost" and tips[-1] == "won"
    assert tips.index("Excalibur is here (-2)") == 3  # -5 -4 -3 [-2]
    obs = _obs(relics={"excalibur": 2, "grail": "quest", "armor": "quest"})
    obs["quests"]["excalibur"].update(position=5, over=True)
    assert "over: Excalibur won by Gawain (seat 2)" in render_board(obs)


def test_grail_spots_grails_from_one_end_blacks_from_the_other() -> None:
    obs = _obs()
    obs["quests"]["grail"].update(blacks=["despair", "desolation"], dark_forest=True)
    board = render_board(obs)
    spots = _svg(board, "board-grail-spots")
    assert _slots(spots) == 7  # BoQ p.9
    assert _texts(spots) == ["G", "G", "G", "De", "De"]
    assert "Dark Forest is on the quest" in board and "Despair, Desolation" in board


def test_wars_show_the_straight_and_the_warriors() -> None:
    board = render_board(_obs())
    picts = _svg(board, "board-picts-fights")
    assert _slots(picts) == 5 and _texts(picts) == ["1", "2", "3", "4", "5"]
    assert picts.count(f"fill='{_white()}'") == 2  # Fight 1 and 2 laid, 3-5 greyed
    saxons = _svg(board, "board-saxons-warriors")
    assert _slots(saxons) == 4 and _texts(saxons).count("♟") == 3  # BoQ p.10: 4th loses
    picts_box, saxons_box = board.split("board-quest board-picts")[1].split(
        "board-quest board-saxons"
    )
    assert "Mordred is here" in saxons_box and "Mordred" not in picts_box


def _white() -> str:
    from widgets.board_words import WHITE

    return WHITE


def test_each_knight_has_its_life_place_relics_and_status() -> None:
    obs = _obs(relics={"excalibur": 0, "grail": "lost", "armor": 0}, revealed=[2], accused=[1])
    board = render_board(obs)
    rows = re.findall(r"<tr class='board-knight'.*?</tr>", board, re.S)
    assert len(rows) == 4
    arthur, galahad, gawain, kay = rows
    assert (
        "♥♥♥♥</span>" in arthur
        and "Excalibur, Lancelot&#x27;s Armor" in arthur
        and "Camelot" in arthur
    )
    assert "♥♥♥</span>" in galahad and "Holy Grail" in galahad and "to act" in galahad
    assert "♥♥♥♥♥</span>" in gawain and "traitor, unmasked" in gawain
    assert "dead" in kay and "♥" not in kay
    assert "has accused" in galahad
    text = summarize_board(obs)
    assert "0 King Arthur @Camelot life 4 +Excalibur +Lancelot's Armor" in text
    assert "3 Sir Kay dead" in text


def test_the_board_reads_the_same_after_a_json_round_trip() -> None:
    obs = _obs()
    assert render_board(json.loads(json.dumps(obs)), seat=1) == render_board(obs, seat=1)


def test_hand_and_decks() -> None:
    board = render_board(_obs())
    assert "Fight 3 ×2" in board and ">Grail</span>" in board
    assert "white: 50 to draw, 12 discarded" in board
    assert "no white cards" in render_board(_obs(hand={}, loyalty=None))
    assert "loyalty: hidden" in render_board(_obs(loyalty=None))


def test_text_is_escaped() -> None:
    obs = _obs(log=["<script>alert(1)</script>"])
    board = render_board(obs)
    assert "<script>" not in board and "&lt;script&gt;" in board


@pytest.mark.parametrize(
    ("obs", "match"),
    [
        (None, "observation dict"),
        ({"players": 4}, "'turn'"),
        (_obs(quests=[]), "quests"),
        (_obs(life=[4, 4]), "'life'"),
    ],
)
def test_a_dict_that_is_not_an_observation_is_refused_by_name(obs: Any, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        render_board(obs)


def test_render_step_names_the_rule_and_its_source_when_known() -> None:
    from camelot_rules.data.registry import rule

    step = render_step("seat 0: fight a siege engine with 5", "siege.fight")
    assert f"rule: siege.fight, {html.escape(rule('siege.fight').source)}" in step
    assert html.escape(rule("siege.fight").statement, quote=True) in step  # on hover
    assert "rule: RB p.11" in render_step("seat 1: add a siege engine", "RB p.11")
    assert "rule" not in render_step("chance: white card: grail", None)


# --- on the engine ---------------------------------------------------------------------------
engine = pytest.importorskip("camelot_rules.engine")


def _board_of(state: Any, seat: int) -> str:
    return render_board(state.observation(seat), seat=seat)


def test_the_engine_observation_is_drawn_with_face_down_cards_as_question_marks() -> None:
    state = engine.position(
        4,
        quests={
            "black_knight": {"white": (3, 3), "black": ("black_knight_5", ("black_knight_3", True))}
        },
        location={1: "black_knight"},
    )
    board = _board_of(state, 0)
    assert _texts(_svg(board, "board-black_knight-black")) == ["5", "?"]
    assert "black_knight_3" not in board  # the face-down card stays secret
    obs = state.observation(0)
    assert render_board(json.loads(json.dumps(obs)), seat=0) == board


#: what an engine id looks like (``lady_of_the_lake``), and the one-word ids the engine shares
#: with printed names but writes in lower case (``camelot``, ``grail``, ``gawain``)
_ENGINE_ID = re.compile(
    r"\b[a-z]+_[a-z0-9_]+\b|\b(?:camelot|picts|saxons|lancelot|dragon|excalibur|grail|merlin"
    r"|mordred|despair|desolation|armor|arthur|gawain|kay|galahad|percival|tristan|palamedes"
    r"|bedivere|bors|gaheris|sagramore)\b"
)


def _read_in_english(board: str) -> str:
    """What a reader sees of a board: its text and its tooltips, without the rule citations
    (rule ids are cited on purpose: "rule: knight.arthur, BoQ p.13")."""
    shown = re.sub(r"<[^>]+>", "|", board) + "|".join(re.findall(r"title='([^']*)'", board))
    return re.sub(r"rule: [^|,]*", "", html.unescape(shown))


@pytest.mark.parametrize(("players", "expansion"), [(5, False), (6, True)])
def test_english_boards_name_everything_as_printed(players: int, expansion: bool) -> None:
    """The English board and summary say "Lady of the Lake", "Sir Gawain @Black Knight", never
    the engine's ids, in positions of a randomly played game (the other languages are held to
    their catalogs by the i18n tests)."""
    from camelot_rules.engine.flow import chance_weights

    rng = random.Random(players)
    state, seen, steps = engine.new_game(players, seed=players, expansion=expansion), 0, 0
    while seen < 12:
        if state.is_terminal():
            state = engine.new_game(players, seed=steps, expansion=expansion)
        if state.is_chance():
            outcomes, weights = chance_weights(state)
            state = state.apply_chance(rng.choices(outcomes, weights)[0])
            continue
        legal = state.legal_actions()
        state, steps = state.apply(legal[rng.randrange(len(legal))]), steps + 1
        if steps % 15 == 0 and state.current_player is not None:
            seen += 1
            obs = state.observation(state.current_player)
            shown = _read_in_english(render_board(obs, seat=state.current_player))
            assert not _ENGINE_ID.findall(shown), shown
            assert not _ENGINE_ID.findall(summarize_board(obs)), summarize_board(obs)


def test_the_widget_starts_on_the_seeded_deal() -> None:
    w = build_game_widget(players=5, seed=1)
    first = engine.new_game(5, seed=1)
    assert w.state == first
    assert [v for _, v in w.moves.options] == first.legal_actions()
    seat = first.current_player
    assert w.board.value == _board_of(first, seat)  # seen by the player to act
    assert f"Hand of seat {seat}" in w.board.value


def test_pressing_play_applies_the_chosen_action() -> None:
    w = build_game_widget(players=5, seed=1)
    before, board = w.state, w.board.value
    label, action = w.moves.options[-1]
    w.moves.value = action
    w.play.click()
    assert w.state == before.apply(action) and before == engine.new_game(5, seed=1)
    assert w.board.value != board and label in w.log_box.value and label in w.text
    assert w.message.value == ""


def test_the_first_listed_move_is_chosen_until_another_is() -> None:
    w = build_game_widget(players=5, seed=1)
    for _ in range(3):
        first = w.moves.options[0][1]
        assert w.moves.value == first
        before = w.state
        w.play.click()
        assert w.state == before.step(first) and w.message.value == ""


def test_random_moves_advance_the_same_way_for_the_same_seed() -> None:
    a, b = build_game_widget(players=5, seed=4), build_game_widget(players=5, seed=4)
    boards = {a.board.value}
    for _ in range(25):
        a.random.click()
        b.random.click()
        boards.add(a.board.value)
    assert a.state == b.state and len(a.steps) == 25 and len(boards) > 1
    assert a.state.history()[-25:] == b.state.history()[-25:]
    assert "25 steps so far" in a.log_box.value


def test_at_a_chance_step_the_dropdown_lists_outcomes_with_exact_probabilities() -> None:
    state = engine.position(4, siege_engines=3, phase="evil")
    state = state.apply(next(a for a in state.legal_actions() if str(a) == "draw a black card"))
    assert state.is_chance()
    w = build_game_widget(state, seed=2)
    outcomes = dict(state.chance_outcomes())
    assert sum(outcomes.values()) == 1
    label, outcome = w.moves.options[0]
    assert str(outcomes[outcome]) in label and "%" in label  # e.g. "black card: ... (5/76 (6.6%))"
    w.moves.value = outcome
    w.play.click()
    assert w.state == state.apply_chance(outcome)
    assert "chance: " + step_text(outcome) in w.steps[-1][0]


def test_the_twelfth_siege_engine_ends_the_game_in_the_widget() -> None:
    state = engine.position(4, siege_engines=11, phase="evil")
    w = build_game_widget(state)
    w.moves.value = next(a for a in state.legal_actions() if str(a) == "add a siege engine")
    w.play.click()
    assert w.state.is_terminal() and w.state.result().cause == "12 siege engines"
    assert "Game over: evil wins" in w.board.value and "12 siege engines" in w.text
    assert w.play.disabled and w.random.disabled and w.to_end.disabled
    assert w.moves.options == ()


def test_play_to_the_end_reaches_a_result_and_replays_from_the_seed() -> None:
    w = build_game_widget(players=5, seed=3)
    w.to_end.click()
    assert w.state.is_terminal() and "Game over" in w.board.value
    rng = random.Random(3)
    start = engine.new_game(5, seed=3)
    replay = engine.play_random(start, rng)
    assert replay == w.state
    assert len(w.steps) == len(w.state.history()) - len(start.history())
    assert w.state.result().cause in w.text


def test_an_illegal_move_is_shown_in_place_not_as_a_traceback() -> None:
    w = build_game_widget(players=5, seed=1)
    stale = w.moves.options[0][1]
    w.moves.value = stale
    w.state = w.state.apply(stale)  # the table moved on; the dropdown still holds the old move
    w.play.click()
    assert "camelot-error" in w.message.value and "Traceback" not in w.message.value
    assert "illegal action" in w.message.value and "rule" in w.message.value
    assert w.state == engine.new_game(5, seed=1).apply(stale)  # nothing was applied
    w.random.click()
    assert w.message.value == ""  # the next good step clears the message


def test_a_broken_observation_is_reported_on_the_board() -> None:
    w = build_game_widget(players=4, seed=1)
    real = w.state

    class Broken:
        def __getattr__(self, name: str) -> Any:
            return getattr(real, name)

        def observation(self, seat: int) -> dict[str, Any]:
            return {"players": 4}

    w.state = Broken()
    w._redraw()
    assert "camelot-error" in w.board.value and "&#x27;turn&#x27;" in w.board.value
    assert "Cannot draw the board" in w.text


def test_the_viewer_chooses_whose_hand_is_shown() -> None:
    w = build_game_widget(players=5, seed=1)
    w.viewer.value = 3
    assert "Hand of seat 3" in w.board.value and w.board.value == _board_of(w.state, 3)


# --- Merlin's Company ------------------------------------------------------------------------
_MC_PARTS = ("merlin", "captured", "witches", "divine_favor", "travel", "removed")


def _mc_box(board: str) -> str:
    match = re.search(r"<div class='board-merlins-company'.*?</div></div>", board, re.S)
    assert match, "no Merlin's Company box drawn"
    return match.group(0)


def test_a_base_game_board_has_no_expansion_box() -> None:
    assert "board-merlins-company" not in render_board(_obs())
    assert "Merlin's Company" not in summarize_board(_obs())
    base = engine.new_game(5, seed=1)  # the engine's keys are there, all empty
    obs = base.observation(0)
    assert obs["expansion"] is False and obs["travel"] is None
    assert "board-merlins-company" not in render_board(obs)
    assert "Merlin's Company" not in summarize_board(obs)
    assert "Merlin is here" not in render_board(obs)


def test_the_expansion_box_shows_each_part_of_the_example() -> None:
    obs = example_observation(expansion=True)
    board = render_board(obs, seat=1)
    box = _mc_box(board)
    assert "<b>Merlin:</b> at Holy Grail" in box
    assert "Gawain (seat 2)" in box.split("board-mc-captured")[1].split("</div>")[0]
    witches = box.split("board-mc-witches")[1].split("</div>")[0]
    assert "2nd Witch: no life may be sacrificed" in witches and "6th Witch" in witches
    assert "the next tie goes to the knights" in box  # JA special white cards: Divine Favor
    assert "9 to draw, 5 discarded" in box
    assert "3 black, 0 white (finished quests" in box
    grail = board.split("board-quest board-grail")[1].split("board-quest board-picts")[0]
    assert "Merlin is here" in grail
    assert board.count("Merlin is here") == 1
    gawain = re.findall(r"<tr class='board-knight'.*?</tr>", board, re.S)[2]
    assert "captured" in gawain
    text = summarize_board(obs)
    assert (
        "Merlin's Company: Merlin at Holy Grail; captured: seat 2; witches: 2nd Witch, "
        "6th Witch; Divine Favor played; travel 9 (+5 discarded); out of the game: 3 black, "
        "0 white" in text
    )
    assert "2 Sir Gawain @Black Knight life 5, captured" in text
    assert render_board(json.loads(json.dumps(obs)), seat=1) == board


def test_only_the_parts_present_are_shown() -> None:
    obs = _obs(captured=[1])  # no 'expansion' flag, one part: the box appears
    box = _mc_box(render_board(obs))
    assert "Galahad (seat 1)" in box and "off the board" in box
    assert "board-mc-travel" not in box  # no travel pile in the observation
    assert "Witches in play:</b> none" in box and "not in play" in box
    obs = _obs(expansion=True, travel={"draw": 16, "discard": 0})
    box = _mc_box(render_board(obs))
    assert "nobody" in box and "16 to draw, 0 discarded" in box
    assert "finished quests" not in box  # nothing removed yet


@pytest.mark.parametrize(
    ("change", "match"),
    [
        ({"captured": 2}, "'captured'"),
        ({"witches": "morgan_witch_2"}, "'witches'"),
        ({"travel": [16, 0]}, "'travel'"),
        ({"travel": {"draw": -1, "discard": 0}}, "travel.draw"),
        ({"removed": {"white": 0, "black": "x"}}, "removed.black"),
    ],
)
def test_a_broken_expansion_part_is_refused_by_name(change: dict[str, Any], match: str) -> None:
    obs = _obs(expansion=True, **change)
    with pytest.raises(ValueError, match=match):
        render_board(obs)


def test_the_engine_expansion_position_is_drawn() -> None:
    state = engine.position(
        5,
        expansion=True,
        knights=("arthur", "bors", "caradoc", "gaheris", "gareth"),
        merlin="picts",
        captured=[2],
        witches=["morgan_witch_5", "morgan_witch_7"],
        divine_favor=True,
        removed={"excalibur": 2},
        travel_discard={"vision": 1},
        location={1: "picts"},
    )
    obs = state.observation(0)
    board = render_board(obs, seat=0)
    box = _mc_box(board)
    assert "at Pict War" in box and "Caradoc (seat 2)" in box
    assert "5th Witch" in box and "7th Witch" in box and "Divine Favor" in box
    total = state.cfg.travel_box
    assert f"{sum(total) - 2} to draw, 1 discarded" in box  # one under a figure, one discarded
    assert "2 black, 0 white" in box
    picts = board.split("board-quest board-picts")[1].split("board-quest board-saxons")[0]
    assert "Merlin is here" in picts
    assert render_board(json.loads(json.dumps(obs)), seat=0) == board


def test_the_widget_deals_a_merlins_company_game() -> None:
    w = build_game_widget(players=8, seed=5, expansion=True)
    assert w.state == engine.new_game(8, expansion=True, seed=5)
    assert w.expansion.value is True and w.players.value == 8
    assert list(w.players.options) == [3, 4, 5, 6, 7, 8]
    assert "board-merlins-company" in w.board.value and "Merlin's Company:" in w.text
    assert "16 to draw" in w.board.value
    for _ in range(10):
        w.random.click()
    rng = random.Random(5)
    replay = engine.new_game(8, expansion=True, seed=5)
    for _ in range(10):
        replay = engine.random_step(replay, rng)
    assert w.state == replay and w.message.value == ""


def test_the_checkbox_offers_eight_players_only_with_the_expansion() -> None:
    w = build_game_widget(players=5, seed=1)
    assert w.expansion.value is False and list(w.players.options) == [3, 4, 5, 6, 7]
    w.expansion.value = True
    assert list(w.players.options) == [3, 4, 5, 6, 7, 8] and w.players.value == 5
    w.players.value = 8
    w.seed.value = 11
    w.random.click()
    w.new_game.click()
    assert w.state == engine.new_game(8, expansion=True, seed=11)
    assert w.steps == [] and "Merlin's Company:" in w.text and w.message.value == ""
    assert [v for _, v in w.viewer.options][1:] == list(range(8))
    w.expansion.value = False  # the base game has no 8th seat
    assert list(w.players.options) == [3, 4, 5, 6, 7] and w.players.value == 7
    w.new_game.click()
    assert w.state == engine.new_game(7, seed=11) and "Merlin's Company" not in w.text


def test_a_widget_on_an_expansion_state_ticks_the_box() -> None:
    state = engine.position(8, expansion=True, phase="evil")
    w = build_game_widget(state, seed=3)
    assert w.expansion.value is True and w.players.value == 8 and w.state is state


# --- the board in Japanese and Spanish (issue 17) ------------------------------------------------
def _seeded_steps(games: int = 3) -> list[tuple[Any, Any]]:
    """(state before, state after) of every step of a few seeded random games, both boxes."""
    from camelot_rules import engine

    out = []
    for seed in range(games):
        state = engine.new_game(5, expansion=seed % 2 == 1, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            after = engine.random_step(state, rng)
            out.append((state, after))
            state = after
    return out


def _examples() -> list[Any]:
    """One instance of every action and chance outcome class of the engine."""
    from camelot_rules.engine import actions as A

    return [
        A.DrawBlack(), A.AddEngine(), A.LoseLife(), A.PeekBlack(), A.Keep(None),
        A.Keep("despair"), A.Move("grail"), A.DrawWhite(), A.FightEngine((3, 4)),
        A.FightEngine(()), A.PlayFight("black_knight", 3), A.PlayFight("picts", 4, wild=True),
        A.FightEngine((5, 3), wild=(5,)), A.KayExtra(2, wild=True),
        A.PlayGrail(),
        A.DiscardForExcalibur("fight_2"), A.PlaySpecial("merlin", ("warrior", "picts")),
        A.PlaySpecial("fate", ("loyal",), free=True), A.Heal("grail"), A.Accuse(2),
        A.Sacrifice(), A.EndTurn(), A.ArthurGive(1, "fight_5"), A.ArthurReturn("piety"),
        A.Pass(), A.Pledge(1), A.Pledge(2), A.SacrificeExcalibur(), A.PlayBlack(True),
        A.PlayBlack(False), A.ChooseWar("saxons"), A.Volunteer(), A.Discard("messenger"),
        A.KayExtra(4), A.Drink(), A.Offer("fight_1"), A.Take(None), A.Take("grail"),
        A.Join(True), A.Join(False), A.PutNext("vivien"), A.StealFrom(3),
        A.Draw("black", "morgan_1"), A.Draw("white", "fight_3"), A.Draw("travel", "captured"),
        A.Roll(7), A.Deal(0, "arthur"), A.Deal(2, "traitor"), A.Steal("fate"),
        A.Pay(("fight_1", "fight_2")), A.Free(2, "dispel"), A.CaradocDraw(),
    ]  # fmt: skip


def test_every_action_class_has_a_step_text_whose_english_is_the_engines() -> None:
    from camelot_rules.engine import actions as A
    from camelot_rules.front.steps import ACTION_TEXTS, step_text

    kinds = (getattr(A, n) for n in A.__all__)  # the classes (``made`` is a function)
    classes = {k for k in kinds if isinstance(k, type)} - {A.Action, A.Outcome}
    assert classes == set(ACTION_TEXTS)
    assert {type(a) for a in _examples()} == classes
    # independent route: the engine's own str() of every example and every step of 3 games
    for action in _examples() + [after.history()[-1] for _b, after in _seeded_steps()]:
        assert step_text(action, ids=True) == str(action)


@pytest.mark.parametrize(
    ("action", "lang", "expected"),
    [  # the names from docs/glossary.md, the sentence as a player says it
        ("PlayFight('black_knight', 3)", "en", "play Fight 3 on Black Knight"),
        ("ArthurGive(2, 'fight_5')", "en", "Arthur: give Fight 5 to seat 2"),
        ("Take('grail')", "en", "take Grail"),
        ("PlayFight('black_knight', 3)", "es", "jugar Lucha 3 en Caballero Negro"),
        ("PlayFight('black_knight', 3)", "ja", "黒騎士に戦闘カード3を出す"),
        ("PlayFight('picts', 4, wild=True)", "es", "jugar Lucha ? como 4 en Guerra contra los"),
        ("Move('camelot')", "ja", "キャメロット城へ移動する"),
        ("AddEngine()", "es", "añadir una Máquina de Asedio"),
        ("Draw('travel', 'captured')", "es", "carta de Viaje: ¡Capturado!"),
        ("Sacrifice()", "ja", "生命力を1犠牲にして2回目の勇士のアクションを行う"),
        ("Roll(7)", "es", "el dado de asedio muestra 7"),
    ],
)
def test_step_texts_read_as_a_player_says_them(action: str, lang: str, expected: str) -> None:
    from camelot_rules.base.i18n import language
    from camelot_rules.engine import actions as A
    from camelot_rules.front.steps import step_text

    with language(lang):
        assert step_text(eval(action, vars(A))).startswith(expected)


@pytest.mark.parametrize("lang", ["ja", "es"])
def test_the_engines_notes_and_moves_are_translated(lang: str) -> None:
    from camelot_rules.base.i18n import language
    from camelot_rules.front.steps import note_text, step_text
    from tests.widgets.test_widgets import JAPANESE

    untranslated = []
    steps = _seeded_steps()
    with language(lang):
        for before, after in steps:
            move = after.history()[-1]
            shown = step_text(move)
            assert shown != str(move)
            if lang == "ja":
                assert JAPANESE.search(shown), shown
            note = after.last_step[0]
            if note and after.last_step != before.last_step and note_text(note, move) == note:
                untranslated.append(note)
    # every note of these games, the end of each game too, is shown in the language
    assert untranslated == [] and len(steps) > 300


def test_the_engines_notes_name_each_seats_knight() -> None:
    """A note's seats read as the moves' do, "seat 2 (Sir Gawain)", when the knights are
    known: in the game widget's log and the board's last steps (review of issue 30)."""
    from camelot_rules.front.steps import note_text

    named = 0
    for before, after in _seeded_steps(2):
        note = after.last_step[0]
        if not note or after.last_step == before.last_step:
            continue
        shown = note_text(note, after.history()[-1], after.knights)
        bare = re.findall(r"seat (\d+)(?! \()", shown)
        assert not bare, (note, shown)
        named += len(re.findall(r"seat \d+ \(", shown))
    assert named > 100


@pytest.mark.parametrize("lang", ["ja", "es"])
def test_the_game_widget_switched_to_japanese_and_spanish(lang: str) -> None:
    from camelot_rules.base.i18n import set_language
    from camelot_rules.front.steps import step_text
    from tests.widgets.test_widgets import FRACTION, catalog, check_relabelled

    w = build_game_widget(players=4, seed=3, expansion=True)
    for _ in range(60):
        w.random.click()
    english = (w.board.value, w.text, list(w.moves.options), w.steps)
    # the chances shown after each move's words (a card's name may read like one: the Japanese
    # "ランスロット/ドラゴン 1/5" is a card, not a chance)
    chances = [FRACTION.findall(label[len(step_text(v)) :]) for label, v in english[2]]
    swords = re.search(r"aria-label='(\d+) white and (\d+) black swords of 12'", w.board.value)
    assert swords
    try:
        w.language.value = lang
        check_relabelled(w, lang, at_least=8)  # players, seed, 4 buttons, viewer, move
        table = catalog(lang)
        label = table["{white} white and {black} black swords of {total}"].format(
            white=swords.group(1), black=swords.group(2), total=12
        )
        assert f"aria-label='{label}'" in w.board.value
        assert len(w.steps) == len(english[3]) and w.steps[-1][0] != english[3][-1][0]
        assert [v for _l, v in w.moves.options] == [v for _l, v in english[2]]
        for shown, value in w.moves.options:  # each move in the language, same probability
            assert shown.startswith(step_text(value))
        assert [
            FRACTION.findall(label[len(step_text(v)) :]) for label, v in w.moves.options
        ] == chances
        assert any(chances)
        assert table["Knights"] in w.board.value and ">Knights<" not in w.board.value
        w.language.value = "en"
        assert (w.board.value, w.text, list(w.moves.options), w.steps) == english
    finally:
        set_language(None)


def test_a_seat_is_named_with_its_knight_where_the_knights_are_known() -> None:
    from camelot_rules.base.i18n import language
    from camelot_rules.engine import actions as A

    knights = ("arthur", "kay", "gawain")
    assert step_text(A.Accuse(2), knights=knights) == "accuse seat 2 (Sir Gawain)"
    assert step_text(A.Accuse(2)) == "accuse seat 2"  # the knights unknown: the number alone
    assert step_text(A.Accuse(2), knights=knights, ids=True) == str(A.Accuse(2))
    assert step_text(A.Accuse(5), knights=knights) == "accuse seat 5"  # no such seat
    with language("ja"):  # the Japanese brackets, the knight's printed name
        assert step_text(A.Accuse(1), knights=knights) == "席1（ケイ卿）を告発する"
    with language("es"):
        shown = step_text(A.ArthurGive(0, "grail"), knights=knights)
        assert shown == "Arturo: dar Grial al asiento 0 (Rey Arturo)"


@pytest.mark.parametrize("expansion", [False, True])
def test_the_game_log_in_japanese_has_no_english_left(expansion: bool) -> None:
    """Every line of the game's log, read in Japanese after a few hundred random steps, is
    Japanese: no English word of the engine left (an id such as ``black_knight``, a note such
    as "none of the shared cards", a special card's choice such as ``last_black``), and a note
    that only restates the move is not shown twice."""
    from camelot_rules.base.i18n import language

    w = build_game_widget(players=4, seed=4, expansion=expansion)
    for _ in range(300):
        w.random.click()
    with language("ja"):
        lines = [text for text, _rule in w.steps]
    assert len(lines) > 100
    assert [line for line in lines if re.search(r"[A-Za-z]{3,}", line)] == []
    for line in lines:
        move, _sep, note = line.partition(" - ")
        assert note != re.sub(r"（[^）]*）", "", move), line  # the move, its knight left out
