"""Share links: a record as raw deflate + base64url behind a format prefix (`S1.`).

Links come from strangers, so decoding checks size before and while inflating and turns every
failure into a one-line BadLink.
"""

import base64
import binascii
import re
import zlib

from .errors import BadLink, BadRecord
from .record import Record

PREFIX = "S1."
MAX_PAYLOAD_CHARS = 64_000          # a link longer than this is refused unread
MAX_JSON_BYTES = 1_000_000          # inflating past this is refused (zip-bomb guard): the longest legal
                                    # record (12,000 actions of ~30 bytes, with its cards) is well under it
_ALPHABET = re.compile(r"[A-Za-z0-9_-]*")


def encode_link(record: Record) -> str:
    """The link payload for a record."""
    raw = record.to_json().encode("utf-8")
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = compressor.compress(raw) + compressor.flush()
    return PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode_link(text) -> Record:
    """The record carried by a payload or by a whole URL containing `g=PAYLOAD`."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise BadLink("link is not text") from None
    if not isinstance(text, str):
        raise BadLink("link must be text")
    if len(text) > MAX_PAYLOAD_CHARS + 4096:
        raise BadLink(f"link is too long ({len(text)} characters; at most {MAX_PAYLOAD_CHARS})")
    payload = _payload_of(text.strip())
    if not payload.startswith(PREFIX):
        raise BadLink(f"link payload must start with {PREFIX!r}")
    body = payload[len(PREFIX):]
    if len(body) > MAX_PAYLOAD_CHARS:
        raise BadLink(f"link is too long ({len(body)} characters; at most {MAX_PAYLOAD_CHARS})")
    if not body or not _ALPHABET.fullmatch(body) or len(body) % 4 == 1:
        raise BadLink("link payload is not valid base64url (is it truncated or altered?)")
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise BadLink("link payload is not valid base64url (is it truncated or altered?)") from None
    raw = _inflate(packed)
    try:
        text_json = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadLink("link does not hold UTF-8 text") from None
    try:
        return Record.from_json(text_json)
    except BadRecord as error:
        raise BadLink(f"link holds a bad record: {error}") from None


def _payload_of(text: str) -> str:
    """The payload inside a URL (`…#/autobattle/replay?g=…` or `…?g=…`), or the text itself."""
    from urllib.parse import parse_qs, unquote  # on first use: a costly import in Pyodide
    if text.startswith(PREFIX):
        return text
    if "g=" not in text:
        if "://" in text or text.startswith(("#", "/", "?")):
            raise BadLink("URL has no g= link payload")
        return text
    for part in (text.partition("#")[2], text.partition("?")[2]):
        query = part.partition("?")[2] if part.startswith("/") else part
        values = parse_qs(query).get("g")
        if values:
            return unquote(values[-1]).strip()
    raise BadLink("URL has no g= link payload")


def _inflate(packed: bytes) -> bytes:
    inflater = zlib.decompressobj(-15)
    try:
        raw = inflater.decompress(packed, MAX_JSON_BYTES)
    except zlib.error:
        raise BadLink("link payload is damaged (it does not inflate; is it truncated?)") from None
    if inflater.unconsumed_tail:
        raise BadLink(f"link expands past {MAX_JSON_BYTES} bytes; refused")
    if not inflater.eof:
        raise BadLink("link payload is truncated")
    if inflater.unused_data:
        raise BadLink("link payload has trailing data")
    return raw
