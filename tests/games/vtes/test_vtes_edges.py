"""V:TES at the edges (issue 28): shared places in every listing, draws that can't be re-rolled quietly, an avoidable
predator-prey repeat refused, and the 27-player plan."""
import re

from test_vtes_format import FINAL, NINE_FILES

# -- shared places: the CLI's preliminary standings and the final ranking's "Prelim. rank" ----------------------


def test_players_level_below_the_top_five_share_their_place_everywhere(make_site, run_cli):
    # Cat and Gus are level on GW, VP and TP below the top five: the page's standings give both 7th.
    content = make_site(NINE_FILES | {"events/e/final.yaml": FINAL})
    status, out, _ = run_cli("standings", content / "events" / "e")
    assert status == 0
    prelim = out.split("\n\n")[1].splitlines()[2:]  # the title, the header, then the rows
    assert [line.split()[0] for line in prelim] == ["1", "2", "3", "4", "5", "6", "7", "7", "9"]
    assert run_cli("build", "--content", content, "--output", content.parent / "out")[0] == 0
    page = (content.parent / "out" / "events" / "e" / "standings.html").read_text()
    final_table = page.split('<table class="standings final">')[1].split("</table>")[0]
    prelim_ranks = re.findall(r'</th><td class="num">(\d+)</td></tr>', final_table)
    assert sorted(map(int, prelim_ranks)) == [1, 2, 3, 4, 5, 6, 7, 7, 9]
