"""The site's other files: the Atom feed, the sitemap and standings.csv."""
import csv
import io
import json
import xml.etree.ElementTree as ET

from project import DEMO

from sitegen.build.pipeline import render
from sitegen.load.site import load_site
from sitegen.pages import datafiles

ATOM = "{http://www.w3.org/2005/Atom}"


def test_feed_has_an_entry_per_posted_round_and_per_round_with_results(demo_files):
    feed = ET.fromstring(demo_files["feed.xml"])
    assert feed.find(f"{ATOM}author/{ATOM}name").text == "Crow's Nest Tournaments"
    entries = feed.findall(f"{ATOM}entry")
    ids = [e.find(f"{ATOM}id").text for e in entries]
    assert len(ids) == len(set(ids)) and not any(" " in i for i in ids)
    posted = complete = 0
    for path, body in demo_files.items():
        if "/pairings/" in path:
            posted += 1
            complete += json.loads(body)["complete"]
    assert len(entries) == posted + complete
    assert entries[0].find(f"{ATOM}title").text == "Thursday League Joust: Round 3 pairings posted"  # newest first
    stamps = [e.find(f"{ATOM}updated").text for e in entries]
    assert stamps == sorted(stamps, reverse=True)


def test_sitemap_lists_every_page_but_the_404(demo_files):
    root = ET.fromstring(demo_files["sitemap.xml"])
    urls = {loc.text for loc in root.iter("{http://www.sitemaps.org/schemas/sitemap/0.9}loc")}
    pages = {f"https://example.github.io/crows-nest/{p}" for p in demo_files if p.endswith(".html") and p != "404.html"
             and b'http-equiv="refresh"' not in demo_files[p]}  # a kept address leading on to another page
    assert any(b'http-equiv="refresh"' in demo_files[p] for p in demo_files if p.endswith("/rules.html"))
    assert urls == pages


def test_standings_csv_matches_the_standings_json(demo_files):
    rows = list(csv.DictReader(io.StringIO(demo_files["events/winter-joust-2026/standings.csv"].decode())))
    document = json.loads(demo_files["events/winter-joust-2026/standings.json"])
    assert [(int(r["rank"]), r["id"], int(r["points"])) for r in rows] == [
        (s["rank"], s["id"], s["points"]) for s in document["standings"]]
    assert list(rows[0]) == ["rank", "id", "name", "points", "record", "sos", "esos"]


def test_a_sitemap_past_the_limit_is_an_index_of_files_each_within_it():
    sitemaps = datafiles.sitemaps
    site = load_site(DEMO)
    files = sitemaps(site, ["404.html", "a.html", "b.html", "c.html", "d.html", "e.html"], per_file=2)
    assert sorted(files) == ["sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml", "sitemap.xml"]
    ns = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
    index = ET.fromstring(files["sitemap.xml"])
    assert index.tag == f"{ns}sitemapindex"
    assert [loc.text for loc in index.iter(f"{ns}loc")] == [f"https://example.github.io/crows-nest/sitemap-{n}.xml" for n in (1, 2, 3)]
    listed = [[loc.text.rsplit("/", 1)[1] for loc in ET.fromstring(files[f"sitemap-{n}.xml"]).iter(f"{ns}loc")] for n in (1, 2, 3)]
    assert listed == [["a.html", "b.html"], ["c.html", "d.html"], ["e.html"]]
    assert list(sitemaps(site, ["a.html", "b.html"], per_file=2)) == ["sitemap.xml"]  # within the limit: one file, as before


def test_the_feed_carries_the_newest_entries_only(demo_files, monkeypatch):
    everything = ET.fromstring(demo_files["feed.xml"]).findall(f"{ATOM}entry")
    monkeypatch.setattr(datafiles, "FEED_ENTRIES", 3)
    bounded = ET.fromstring(render(DEMO)["feed.xml"]).findall(f"{ATOM}entry")
    assert [ET.tostring(e) for e in bounded] == [ET.tostring(e) for e in everything[:3]]
