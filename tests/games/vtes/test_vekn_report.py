"""V:EKN rating points and the ranking body's upload string (`sitegen export --format archondata`), by hand."""
from fractions import Fraction

import pytest
from test_vtes_format import FINAL, NINE, ROUND_1, ROUND_2

from sitegen.games.vtes.rating import coefficient, finalist_bonus, rating_points, round_half_away

# coef = log15(N²) - 1:  N = 12: ln 144 / ln 15 = 4.96981 / 2.70805 = 1.83520, coef 0.83520
#                        N = 50: ln 2500 / ln 15 = 7.82405 / 2.70805 = 2.88918, coef 1.88918


def test_coefficient_by_hand():
    assert coefficient(12) == pytest.approx(0.83520, abs=1e-5)
    assert coefficient(50) == pytest.approx(1.88918, abs=1e-5)
    assert coefficient(15) == pytest.approx(1.0)


def test_finalist_bonus_at_12_and_50_players():
    assert finalist_bonus(1, 12) == 75  # 90 x 0.83520 = 75.17
    assert finalist_bonus(2, 12) == 25  # 30 x 0.83520 = 25.06
    assert finalist_bonus(1, 50) == 170  # 90 x 1.88918 = 170.03
    assert finalist_bonus(2, 50) == 57  # 30 x 1.88918 = 56.68
    assert finalist_bonus(None, 50) == 0


def test_rating_points_of_the_winner_and_a_finalist():
    # 12 players. Winner: 4 VP and 2 GW in the rounds, 2 VP in the final (a GW): 5 + 4 x 6 + 8 x 3 + 75 = 128
    assert rating_points(Fraction(6), 3, 1, 12) == 128
    # 12 players. Finalist: 3.5 VP and 1 GW, 1 VP in the final: 5 + 4 x 4.5 + 8 x 1 + 25 = 56
    assert rating_points(Fraction(9, 2), 1, 2, 12) == 56
    # 50 players. Winner: 7 VP, 2 GW, 3 VP in the final: 5 + 40 + 24 + 170 = 239; finalist 6.5 + 0.5 VP, 2 GW: 5 + 28 + 16 + 57
    assert rating_points(Fraction(10), 3, 1, 50) == 239
    assert rating_points(Fraction(7), 2, 2, 50) == 106
    # not a finalist: 5 + 4 x 0.5
    assert rating_points(Fraction(1, 2), 0, None, 50) == 7


def test_halves_round_away_from_zero_as_the_ranking_body_does():
    assert [round_half_away(x) for x in (2.5, 3.5, 0.5, -2.5, 2.49)] == [3, 4, 1, -3, 2]
    assert round(2.5) == 2  # Python's own would not do


def _event(make_site, players: str, extra: dict[str, str] | None = None):
    event = NINE.replace("players: [Ann, Ben, Cat, Dov, Eve, Fay, Gus, Hal, Ivy]", "players:\n" + players)
    files = {"events/e/event.yaml": event, "events/e/round-1.yaml": ROUND_1, "events/e/round-2.yaml": ROUND_2,
             "events/e/final.yaml": FINAL}
    return make_site(files | (extra or {})) / "events" / "e"


def _players(names: str = "Ann Ben Cat Dov Eve Fay Gus Hal Ivy", skip: str = "") -> str:
    return "".join(f"- {{name: {n} Test, id: {n.lower()}" + ("" if n == skip else f", vekn: '{3200000 + i}'") + "}\n"
                   for i, n in enumerate(names.split()))


def test_archondata_string_by_hand(make_site, run_cli):
    status, out, _ = run_cli("export", _event(make_site, _players()), "--format", "archondata")
    assert status == 0
    rounds, players = out.rstrip("\n").split("¤")
    assert rounds == "3"  # two rounds and the final
    fields = players.split("§")
    assert fields[-1] == "" and len(fields) == 9 * 11 + 1
    records = [fields[i:i + 11] for i in range(0, 99, 11)]
    # rank, first, last, city, vekn, GW and VP of the rounds only, final VP, TP, coin toss, rating points
    assert records[0] == ["1", "Ann", "Test", "", "3200000", "1", "3", "1.5", "96", "0", "95"]  # 5 + 4 x 4.5 + 8 x 2 + 56
    assert records[1] == ["2", "Ben", "Test", "", "3200001", "1", "5", "0.5", "78", "0", "54"]  # 5 + 4 x 5.5 + 8 + 19
    # Fay and Hal level on GW, VP and TP: a draw put Fay first
    assert records[2] == ["2", "Fay", "Test", "", "3200005", "0", "1.5", "1.5", "84", "1", "36"]
    assert records[3] == ["2", "Hal", "Test", "", "3200007", "0", "1.5", "0", "84", "2", "30"]
    assert [r[0] for r in records] == ["1", "2", "2", "2", "2", "6", "7", "7", "9"]  # Cat and Gus level past the top five
    assert records[-1] == ["9", "Ivy", "Test", "", "3200008", "0", "0", "0", "48", "0", "5"]


def test_archondata_takes_vekn_numbers_from_players_yaml(make_site, run_cli):
    known = "players:\n  - {id: gus, name: Gus Test, vekn: '3299999'}\n"
    status, out, _ = run_cli("export", _event(make_site, _players(skip="Gus"), {"players.yaml": known}), "--format", "archondata")
    assert status == 0 and "§Gus§Test§§3299999§" in out


@pytest.mark.parametrize(("players", "line", "message"), [
    (_players(skip="Cat"), 9, "player 'cat' (Cat Test) has no V:EKN number"),
    (_players().replace("3200003", "3200001"), 10, "players 'ben' and 'dov' share the V:EKN number 3200001"),
    (_players().replace("Eve Test", "Eve §Test"), 11, "can't hold '§' in a name"),
    (_players().replace("Eve Test", "Eve ¤"), 11, "can't hold '¤' in a name"),
    (_players().replace("'3200000'", "'32000'"), 7, "'vekn: 32000' is not a V:EKN number"),
])
def test_archondata_refuses_what_the_ranking_body_cannot_take(make_site, run_cli, players, line, message):
    event = _event(make_site, players)
    status, out, err = run_cli("export", event, "--format", "archondata")
    assert status == 2 and out == ""
    assert f"{event / 'event.yaml'}:{line}: " in err and message in err


def test_csv_stays_the_default(make_site, run_cli):
    status, out, _ = run_cli("export", _event(make_site, _players()))
    assert status == 0 and out.startswith("rank,id,name,vekn,gw,vp,final_vp,tp\n1,ann,Ann Test,3200000,1,3,1.5,96\n")
