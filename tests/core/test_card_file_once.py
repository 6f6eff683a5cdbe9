"""A card file read for game after game is parsed once (`carddata.parse_once`), yet an edited file,
another file name or another base is parsed again, and a bad file is refused every time."""

import pytest

from engine.core import BadCards
from engine.rulesets.autobattle.cards import builtin_content, load_content_file

SQUAD = """[squads.my_host]
element = "mountains"
name = {{ en = "{name}", ja = "{name}", ru = "{name}" }}
hero = "anvilcrag_thane"
cards = ["cliffside_sentinel", "boulder_hurler", "granite_golem", "crag_ram", "tunnel_delver", "runed_greatshield", "echoing_heights"]
"""


def test_the_same_file_gives_the_same_content_and_an_edit_is_seen(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(SQUAD.format(name="First"))
    base = builtin_content()
    first = load_content_file(path, base)
    assert load_content_file(path, base) is first                 # parsed once
    path.write_text(SQUAD.format(name="Second"))
    second = load_content_file(path, base)
    assert second is not first and second.squads["my_host"].name["en"] == "Second"
    other = tmp_path / "other.toml"
    other.write_text(SQUAD.format(name="Second"))
    assert load_content_file(other, base) is not second           # another source name, parsed again
    with pytest.raises(BadCards, match="must name a hero card"):     # another base (none): parsed
        load_content_file(other, None)                              # again, and its hero is unknown


def test_a_bad_file_is_refused_every_time(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(SQUAD.format(name="First").replace("anvilcrag_thane", "nobody"))
    for _ in range(2):
        with pytest.raises(BadCards, match="nobody"):
            load_content_file(path, builtin_content())
