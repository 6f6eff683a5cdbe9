"""The engine core: what every ruleset stands on. See DESIGN.md, "Engine core"."""

from .bots import Bot, RandomBot, bot_rng, bots_for, make_bot
from .canonical import canonical_json, digest_of
from .decision import KINDS, Decision
from .errors import (BadCards, BadLink, BadOption, BadRecord, BadSetup, IllegalAction,
                     SkirmishError, UnknownRuleset)
from .events import Event, EventLog
from .link import decode_link, encode_link
from .options import Option, parse_option_args, resolve_options
from .outcome import Outcome
from .record import Record
from .rng import Rng
from .ruleids import RULE_ID, is_stated
from .ruleset import Capabilities, Ruleset, all_rulesets, get_ruleset, register
from .seats import Seat, seat_index, solo_seats, teams_of
from .session import Session

__all__ = [
    "BadCards", "BadLink", "BadOption", "BadRecord", "BadSetup", "Bot", "Capabilities", "Decision",
    "Event", "EventLog", "IllegalAction", "KINDS", "Option", "Outcome", "RULE_ID", "RandomBot",
    "Record", "Rng", "Ruleset", "Seat", "Session", "SkirmishError", "UnknownRuleset", "all_rulesets",
    "bot_rng", "bots_for", "canonical_json", "decode_link", "digest_of", "encode_link", "get_ruleset",
    "is_stated", "make_bot", "parse_option_args", "register", "resolve_options", "seat_index",
    "solo_seats", "teams_of",
]
