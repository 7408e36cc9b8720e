"""HMAC-SHA256 signatures for records and state JSON that a server hands out and takes back.

A state's fingerprint is a consistency check, not a signature: anyone can recompute it for a
forged state. When a server gives a client a record or a state in JSON (to keep, to resume a
match later) and accepts it back, it signs it with a key only the server knows, and verifies it
before reading it. The signature is the first line of the signed text.

>>> key = b"a secret of at least 16 bytes"
>>> signed = sign('{"game": "texas42"}', key)
>>> signed.splitlines()[0][:16]
'hmac-sha256=d0ad'
>>> verify(signed, key)
'{"game": "texas42"}'
>>> verify(signed.replace("texas42", "quartets"), key)
Traceback (most recent call last):
...
tablegames.core.errors.SignatureError: The text was changed or signed with another key.
"""

from __future__ import annotations

import hashlib
import hmac
import re

from tablegames.errors import SignatureError

from .limits import MAX_RECORD_CHARS

SIGNATURE_PREFIX = "hmac-sha256="
"""How the first line of a signed text starts; 64 lowercase hex digits follow."""

MIN_KEY_BYTES = 16
"""The shortest signing key accepted (use ``secrets.token_bytes(32)``)."""

_HEADER = re.compile(r"hmac-sha256=([0-9a-f]{64})\n")
_HEADER_CHARS = len(SIGNATURE_PREFIX) + 64 + 1


def _check_key(key: object) -> None:
    if not isinstance(key, (bytes, bytearray)) or len(key) < MIN_KEY_BYTES:
        raise SignatureError(
            f"A signing key is bytes, at least {MIN_KEY_BYTES} of them "
            "(make one with secrets.token_bytes(32))."
        )


def _digest(text: str, key: bytes) -> str:
    _check_key(key)
    if not isinstance(text, str):
        raise SignatureError(f"Only text (a str) is signed, not {type(text).__name__}.")
    message = text.encode("utf-8", "surrogatepass")
    return hmac.new(bytes(key), message, hashlib.sha256).hexdigest()


def sign(text: str, key: bytes) -> str:
    """``text`` with a first line ``hmac-sha256=<64 hex digits>`` signing it with ``key``
    (bytes, at least :data:`MIN_KEY_BYTES`; else :class:`~tablegames.errors.SignatureError`).

    >>> sign("hello", b"0123456789abcdef").splitlines()[1]
    'hello'
    """
    return f"{SIGNATURE_PREFIX}{_digest(text, key)}\n{text}"


def verify(signed: str, key: bytes) -> str:
    """The text that ``signed`` carries, if its signature is right for ``key``.

    Comparison is in constant time (:func:`hmac.compare_digest`). A key that is not bytes or
    is shorter than :data:`MIN_KEY_BYTES` (checked first), and an unsigned, malformed,
    oversized or tampered text, raise :class:`~tablegames.errors.SignatureError` (a
    :class:`~tablegames.errors.RecordError`).

    >>> verify("hmac-sha256=" + "0" * 64 + "\\nhello", b"0123456789abcdef")
    Traceback (most recent call last):
    ...
    tablegames.core.errors.SignatureError: The text was changed or signed with another key.
    """
    _check_key(key)  # a bad key is refused first, whatever the text
    if not isinstance(signed, str):
        raise SignatureError(f"A signed text is a str, not {type(signed).__name__}.")
    if len(signed) > MAX_RECORD_CHARS + _HEADER_CHARS:
        raise SignatureError(
            f"The signed text is {len(signed):,} characters long; "
            f"the limit is {MAX_RECORD_CHARS + _HEADER_CHARS:,}."
        )
    header = _HEADER.match(signed)
    if header is None:
        raise SignatureError(
            f"The text is not signed: it must start with a {SIGNATURE_PREFIX!r} line."
        )
    text = signed[header.end() :]
    expected = _digest(text, key)
    if not hmac.compare_digest(expected, header[1]):
        raise SignatureError("The text was changed or signed with another key.")
    return text
