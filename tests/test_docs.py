"""The README is a front door (at most 120 lines) and every relative link in it and in docs/*.md
leads somewhere: an existing file, and an existing heading where a `#fragment` is given (issue 24 §5).
Anchors follow GitHub's rules: lower case, punctuation dropped, spaces to hyphens, -1, -2… for repeats."""

import re
import unicodedata
from pathlib import Path
from urllib.parse import unquote

import pytest

import engine.rulesets

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [README, *DOCS]

FENCE = re.compile(r"^(```|~~~)")
INLINE_CODE = re.compile(r"`[^`]*`")
LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
EXTERNAL = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")     # http:, https:, mailto:, …


def prose_lines(text: str):
    """(line number, line) of a Markdown text's lines outside fenced code blocks."""
    fenced = False
    for number, line in enumerate(text.split("\n"), 1):
        if FENCE.match(line.strip()):
            fenced = not fenced
            continue
        if not fenced:
            yield number, line


def github_anchor(heading: str) -> str:
    """A heading's anchor as GitHub makes it: the rendered text lower-cased, every character that is
    not a letter, digit, mark, space, hyphen or underscore dropped, each space a hyphen."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)     # a link in a heading keeps its text
    text = re.sub(r"<[^>]+>", "", text).replace("`", "").lower()
    kept = "".join(ch for ch in text
                   if ch in " -_" or unicodedata.category(ch)[0] in "LNM")
    return kept.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every heading anchor of a Markdown file, repeats numbered as GitHub numbers them."""
    seen: dict[str, int] = {}
    found = set()
    for _, line in prose_lines(path.read_text(encoding="utf-8")):
        match = HEADING.match(line)
        if not match:
            continue
        anchor = github_anchor(match.group(2))
        count = seen.get(anchor, 0)
        seen[anchor] = count + 1
        found.add(anchor if count == 0 else f"{anchor}-{count}")
    return found


def relative_links(path: Path):
    """(line number, target) of every relative link or image in a Markdown file, outside code."""
    for number, line in prose_lines(path.read_text(encoding="utf-8")):
        for match in LINK.finditer(INLINE_CODE.sub("", line)):
            target = match.group(1)
            if not EXTERNAL.match(target):
                yield number, target


def broken(path: Path, target: str) -> str | None:
    """Why a relative link from `path` leads nowhere, or None when it leads to a file (and heading)."""
    file_part, _, fragment = target.partition("#")
    dest = (path.parent / unquote(file_part)).resolve() if file_part else path
    if not dest.exists():
        return f"no file {file_part}"
    if fragment and dest.suffix == ".md" and unquote(fragment) not in anchors(dest):
        return f"no heading #{fragment} in {dest.name}"
    return None


def test_readme_is_a_front_door():
    lines = README.read_text(encoding="utf-8").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    assert 0 < len(lines) <= 120, f"README.md has {len(lines)} lines; at most 120"


def test_the_docs_pages_exist():
    names = {path.name for path in DOCS}
    wanted = {"autobattle.md", "tactics.md", "initiative.md", "siege.md",
              "architecture.md", "cli.md", "balance.md", "performance.md"}
    assert wanted <= names, sorted(wanted - names)


@pytest.mark.parametrize("page", PAGES, ids=lambda path: str(path.relative_to(ROOT)))
def test_relative_links_lead_somewhere(page):
    links = list(relative_links(page))
    bad = [f"{page.relative_to(ROOT)}:{number}: ({target}) {why}"
           for number, target in links if (why := broken(page, target))]
    assert not bad, "\n".join(bad)


def test_every_docs_page_is_reachable_from_the_readme():
    reachable, todo = {README}, [README]
    while todo:
        page = todo.pop()
        for _, target in relative_links(page):
            dest = (page.parent / unquote(target.partition("#")[0])).resolve()
            if dest.suffix == ".md" and dest.exists() and dest not in reachable:
                reachable.add(dest)
                todo.append(dest)
    unreached = [str(path.relative_to(ROOT)) for path in DOCS if path.resolve() not in reachable]
    assert not unreached, unreached


@pytest.mark.parametrize("heading, anchor", [
    ("The engine's contract", "the-engines-contract"),
    ("On a Dask cluster: `simulate`, `balance` and `bench` with `--cluster ADDRESS`",
     "on-a-dask-cluster-simulate-balance-and-bench-with---cluster-address"),
    ("Version 3: the decision ceiling (P0-12)", "version-3-the-decision-ceiling-p0-12"),
    ("Looking at a position: `replay --at`, `--view`", "looking-at-a-position-replay---at---view"),
    ("Простые правила", "простые-правила"),
])
def test_anchors_follow_githubs_rules(heading, anchor):
    assert github_anchor(heading) == anchor


def test_a_broken_link_is_caught(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("# Top\n\n## Twice\n\n## Twice\n\n[a](page.md#twice-1) [b](#top) `[c](nowhere.md)`\n"
                    "```\n[d](nowhere.md)\n```\n[e](missing.md) [f](#twice-2) [g](https://example.org/x)\n",
                    encoding="utf-8")
    verdicts = {target: broken(page, target) for _, target in relative_links(page)}
    assert verdicts == {"page.md#twice-1": None, "#top": None,
                        "missing.md": "no file missing.md", "#twice-2": "no heading #twice-2 in page.md"}


@pytest.mark.parametrize("ruleset_id", sorted(engine.rulesets.BUILTIN))
def test_every_option_is_on_its_rulesets_page(ruleset_id):
    text = (ROOT / "docs" / f"{ruleset_id}.md").read_text(encoding="utf-8")
    missing = [option.key for option in engine.rulesets.get(ruleset_id).options
               if f"`{option.key}`" not in text]
    assert not missing, f"docs/{ruleset_id}.md does not name the options {missing}"
