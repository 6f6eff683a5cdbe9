"""Message catalogues: TOML tables of `{en = "…", ja = "…", ru = "…"}` with str.format placeholders.

One format serves card texts, log lines and UI strings, in Python at run time and in Jinja2 at
build time (the templates' `t(...)` calls `fill` too).

Plural forms: a count placeholder may carry its forms as its format spec, one per CLDR plural
category of the language, e.g. ru `"{n} {n:one=ход|few=хода|many=ходов|other=хода}"` and en
`"{n} {n:one=turn|other=turns}"`: the field is replaced by the form that fits the number. A language
with one form (ja) needs none. `plural_category` gives the category, in pure Python (no Babel at run
time: it runs in Pyodide); tests/test_plurals.py checks it against Babel's.
"""

import re
import string
from pathlib import Path

CATEGORIES = ("zero", "one", "two", "few", "many", "other")
PLURAL_SPEC = re.compile(r"^(?:zero|one|two|few|many|other)=[^|=]*(?:\|(?:zero|one|two|few|many|other)=[^|=]*)*$")
# the categories each language's numbers fall into (CLDR), i.e. the forms a plural field must give
LANGUAGE_CATEGORIES = {"en": ("one", "other"), "ja": ("other",), "ru": ("one", "few", "many", "other")}


def load_messages(path: Path) -> dict:
    """A catalogue file: section -> key -> {language: template}."""
    import tomllib  # on first use: start-up time in the browser
    return tomllib.loads(Path(path).read_text("utf-8"))


class CatalogueError(ValueError):
    """Catalogue files that cannot be merged: a key defined in two of them."""


def merge_messages(paths) -> dict:
    """Catalogue files merged section by section; a key defined in two of them is refused."""
    merged, origin = {}, {}
    for path in paths:
        for section, entries in load_messages(path).items():
            for key, entry in entries.items():
                first = origin.setdefault((section, key), path)
                if first != path:
                    raise CatalogueError(f"message [{section}] {key} is defined twice: in {first} and in {path}")
                merged.setdefault(section, {})[key] = entry
    return merged


def placeholders(template: str) -> set[str]:
    """The names a template fills in, e.g. {"target", "n"}."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def operands(number) -> tuple[int, int]:
    """CLDR's i (integer digits) and v (count of visible fraction digits) of a number as it is shown."""
    text = str(abs(number)) if not isinstance(number, str) else number.lstrip("-")
    whole, _, fraction = text.partition(".")
    return int(whole or 0), len(fraction)


def plural_category(lang: str, number) -> str:
    """The CLDR plural category of a number in a language: en one/other, ru one/few/many/other, ja other."""
    if isinstance(number, bool) or not isinstance(number, (int, float, str)):
        return "other"
    if isinstance(number, str) and not re.fullmatch(r"-?\d+(\.\d+)?", number):
        return "other"                  # not a number (a list of names, say): the general form
    i, v = operands(number)
    if lang == "en":
        return "one" if i == 1 and v == 0 else "other"
    if lang == "ru" and v == 0:
        if i % 10 == 1 and i % 100 != 11:
            return "one"
        if 2 <= i % 10 <= 4 and not 12 <= i % 100 <= 14:
            return "few"
        return "many"
    return "other"


def plural_forms(spec: str) -> dict[str, str] | None:
    """A plural field's forms by category ({"one": "ход", …}); None when the spec is an ordinary one."""
    if not PLURAL_SPEC.match(spec):
        return None
    return dict(part.split("=", 1) for part in spec.split("|"))


class _PluralFormatter(string.Formatter):
    """str.format, except that a field whose spec lists plural forms becomes the form its number takes."""

    def __init__(self, lang: str):
        self.lang = lang

    def format_field(self, value, format_spec: str):
        forms = plural_forms(format_spec)
        if forms is None:
            return super().format_field(value, format_spec)
        return forms.get(plural_category(self.lang, value), forms.get("other", ""))


def fill(template: str, lang: str = "en", **values) -> str:
    """A template filled in, with its plural fields in the forms `lang` needs for their numbers."""
    if "=" not in template:             # no plural field: the fast, built-in path
        return template.format(**values)
    return _PluralFormatter(lang).format(template, **values)


def plural_fields(template: str) -> dict[str, dict[str, str]]:
    """The plural fields of a template: placeholder -> its forms by category."""
    fields = {}
    for _, name, spec, _ in string.Formatter().parse(template):
        forms = plural_forms(spec or "") if name else None
        if forms is not None:
            fields[name] = forms
    return fields
