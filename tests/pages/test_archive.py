"""A site of many events: the home page lists the live and upcoming events and the latest finished ones; every
finished event is on its year's archive page, which the home page links to (the sitemap lists them too)."""
from __future__ import annotations

import re

from project import DEMO

from sitegen.build.pipeline import render
from sitegen.pages import site as site_pages


def cards(html: bytes) -> list[str]:
    return re.findall(r'<h3><a href="(?:\.\./)*events/([^/]+)/index.html">', html.decode())


def test_home_lists_the_latest_finished_events_and_links_each_year(demo_files, monkeypatch):
    everything = cards(demo_files["index.html"])
    assert not any(path.startswith("archive/") for path in demo_files)  # a small site: no archive, the home page as it was
    monkeypatch.setattr(site_pages, "HOME_FINISHED", 1)
    files = render(DEMO)
    home = files["index.html"].decode()
    years = sorted({path[8:12] for path in files if path.startswith("archive/")}, reverse=True)
    assert years and all(f'href="archive/{year}.html"' in home for year in years)
    archived = [slug for year in years for slug in cards(files[f"archive/{year}.html"])]
    on_home = cards(files["index.html"])
    assert len(on_home) < len(everything) and set(on_home) | set(archived) == set(everything)
    assert 'href="../events/' in files[f"archive/{years[0]}.html"].decode()  # links from one folder down
    assert f"archive/{years[0]}.html" in files["sitemap.xml"].decode()
    assert len(cards(home.split("<h2>Finished</h2>")[1].split("</section>")[0].encode())) == 1  # the latest finished one
