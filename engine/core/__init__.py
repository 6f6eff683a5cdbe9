"""The engine core: what every ruleset stands on. See DESIGN.md, "Engine core"."""

from .bots import Bot, RandomBot, bots_for, make_bot
from .canonical import canonical_json, digest_of
from .errors import (BadCards, BadLink, BadOption, BadRecord, BadSetup, IllegalAction,
                     SkirmishError, UnknownRuleset)
from .events import Event, EventLog
from .link import decode_link, encode_link
from .options import Option, parse_option_args, resolve_options
from .record import Record
from .rng import Rng
from .ruleset import Decision, Outcome, Ruleset, all_rulesets, get_ruleset, register
from .session import Session

__all__ = [
    "BadCards", "BadLink", "BadOption", "BadRecord", "BadSetup", "Bot", "Decision", "Event",
    "EventLog", "IllegalAction", "Option", "Outcome", "RandomBot", "Record", "Rng", "Ruleset",
    "Session", "SkirmishError", "UnknownRuleset", "all_rulesets", "bots_for", "canonical_json",
    "decode_link", "digest_of", "encode_link", "get_ruleset", "make_bot", "parse_option_args",
    "register", "resolve_options",
]
