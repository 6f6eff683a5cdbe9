"""Every message exists in English, Japanese and Russian, with the same placeholders in each.

One catalogue format serves Jinja2 (build time) and Python (run time): the card texts, the rule
catalogue and the UI/log messages are all checked here, and so is every key the code asks for.
"""

import ast
import re
from pathlib import Path

import pytest

from engine.core import get_ruleset
from engine.core.messages import (LANGUAGE_CATEGORIES, CatalogueError, load_messages, merge_messages, placeholders,
                                  plural_fields)
from engine.rulesets import BUILTIN
from engine.rulesets.autobattle.cards import LANGUAGES, builtin_content
from ui.words import catalogue_files, messages

ROOT = Path(__file__).resolve().parents[1]
# Every catalogue file, found the way the code finds it: the UI's (the shell's and each registered game's,
# ui/words.catalogue_files), each ruleset's rule statements and the card texts beside them.
CATALOGUE_FILES = [*catalogue_files(), *sorted(ROOT.glob("engine/rulesets/*/rules.toml")),
                   *sorted(ROOT.glob("engine/rulesets/*/content/texts.toml"))]
CATALOGUES = {path.relative_to(ROOT).as_posix(): load_messages(path) for path in CATALOGUE_FILES}
ENTRIES = [(name, section, key, entry) for name, catalogue in CATALOGUES.items()
           for section, entries in catalogue.items() for key, entry in entries.items()]


@pytest.mark.parametrize("name, section, key, entry", ENTRIES, ids=[f"{n}:{s}.{k}" for n, s, k, _ in ENTRIES])
def test_entry_has_every_language_with_the_same_placeholders(name, section, key, entry):
    texts = {lang: entry.get(lang) for lang in LANGUAGES}
    missing = [lang for lang, text in texts.items() if not isinstance(text, str) or not text.strip()]
    assert not missing, f"{name} [{section}] {key}: missing {missing}"
    names = {lang: placeholders(text) for lang, text in texts.items()}
    assert len({frozenset(found) for found in names.values()}) == 1, f"{name} [{section}] {key}: {names}"


PLURALS = [(name, section, key, lang, field, forms) for name, section, key, entry in ENTRIES
           for lang in LANGUAGES if isinstance(entry.get(lang), str)
           for field, forms in plural_fields(entry[lang]).items()]


@pytest.mark.parametrize("name, section, key, lang, field, forms", PLURALS,
                         ids=[f"{n}:{s}.{k}.{lang}.{f}" for n, s, k, lang, f, _ in PLURALS])
def test_plural_field_gives_every_form_its_language_needs(name, section, key, lang, field, forms):
    """A plural field ({n:one=…|other=…}) gives exactly the CLDR categories of its language."""
    assert set(forms) == set(LANGUAGE_CATEGORIES[lang]), f"{name} [{section}] {key} {lang} {{{field}}}: {sorted(forms)}"
    assert all(form.strip() for form in forms.values()), f"{name} [{section}] {key} {lang}: an empty form"


def test_plural_fields_are_used():
    """Counts have real plural forms (issue 24 §6): Russian messages show them, not "ходов: N"."""
    assert sum(lang == "ru" for _, _, _, lang, _, _ in PLURALS) >= 100


def test_the_ui_catalogue_is_the_shell_file_and_every_game_file():
    """Each registered game with words of its own brings its file; the merge keeps every key of each."""
    files = catalogue_files()
    assert files[0] == ROOT / "ui" / "messages.toml" and len(files) > 1
    assert all(path.parent.parent == ROOT / "ui" / "games" for path in files[1:])
    assert sum(len(entries) for entries in messages().values()) == sum(
        len(entries) for path in files for entries in load_messages(path).values())


def test_a_key_defined_in_two_files_is_refused(tmp_path):
    """One line naming both files, never a silent override of a shell key by a game's."""
    shell, game, other = tmp_path / "shell.toml", tmp_path / "game.toml", tmp_path / "other.toml"
    shell.write_text('[page]\nseed = { en = "Seed" }\n', "utf-8")
    game.write_text('[page]\nseed = { en = "Other" }\n', "utf-8")
    other.write_text('[ui]\nseed = { en = "fine" }\n', "utf-8")
    with pytest.raises(CatalogueError, match=r"\[page\] seed is defined twice: in .*shell\.toml and in .*game\.toml"):
        merge_messages([shell, game])
    assert merge_messages([shell, other]) == {"page": {"seed": {"en": "Seed"}}, "ui": {"seed": {"en": "fine"}}}


def test_card_and_squad_names_exist_in_every_language():
    content = builtin_content()
    for item in [*content.cards.values(), *content.squads.values()]:
        assert all(item.name.get(lang, "").strip() for lang in LANGUAGES), item.id


def keys_asked_for() -> set[tuple[str, str]]:
    """(section, key) of every message(...) call with literal arguments in ui/, and t(...) in templates."""
    asked = set()
    for path in (ROOT / "ui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "message" and len(node.args) >= 2:
                section, key = node.args[0], node.args[1]
                if isinstance(section, ast.Constant) and isinstance(key, ast.Constant):
                    asked.add((section.value, key.value))
    for path in (ROOT / "build" / "templates").rglob("*.html"):
        asked |= {("page", key) for key in re.findall(r"""\bt\(["']([a-z_]+)["'][,)]""", path.read_text("utf-8"))}
    return asked


def test_every_key_the_code_asks_for_exists():
    catalogue = messages()
    asked = keys_asked_for()
    assert len(asked) > 40
    missing = sorted(f"{section}.{key}" for section, key in asked if key not in catalogue.get(section, {}))
    assert not missing, missing


def test_every_event_kind_has_a_log_line():
    kinds = {"deck", "shuffle", "first_player", "turn", "countdown", "draw", "placed", "fresh", "ready",
             "entry_order", "enter", "wait", "equip", "skip_equipped", "terrain", "terrain_leaves", "feature",
             "attack_step", "attack", "damage", "killed", "aura", "hit_ungar", "fatigue_begins", "fatigue", "pass"}
    assert kinds <= set(messages()["log"])


@pytest.mark.parametrize("ruleset_id", sorted(BUILTIN))
def test_every_rule_statement_is_translated(ruleset_id):
    catalogue = get_ruleset(ruleset_id).catalogue
    assert all(all(entry.get(lang) for lang in LANGUAGES) for entry in catalogue.values())


@pytest.mark.parametrize("ruleset_id", sorted(BUILTIN))
def test_rule_statements_name_no_option_or_event_id(ruleset_id):
    """The rules pages show each statement to players: words, never an option's or event's snake_case id."""
    import re
    for rule, entry in get_ruleset(ruleset_id).catalogue.items():
        for lang in LANGUAGES:
            assert not re.findall(r"\b[a-z]+_[a-z_]+\b", entry[lang]), (rule, lang, entry[lang])
