"""What ``verify`` and ``sign`` refuse, at the limits, and the sentences they refuse with.

docs/limits.md, "The fingerprint is not a signature": "``verify`` refuses unsigned texts,
malformed signature lines, texts over the size limit and keys shorter than 16 bytes", and a
tampered text with "The text was changed or signed with another key." The size limit is that of
a record (docs/limits.md: 4,000,000 characters) plus the signature line.
"""

from __future__ import annotations

import pytest

from tablegames.core.limits import MAX_RECORD_CHARS
from tablegames.core.signing import SIGNATURE_PREFIX, sign, verify
from tablegames.errors import SignatureError, TableGamesError

KEY = b"a server key of at least sixteen bytes"
HEADER = len(SIGNATURE_PREFIX) + 64 + 1  # "hmac-sha256=", 64 hex digits, the line break


def message(text: object, key: bytes = KEY) -> str:
    with pytest.raises(SignatureError) as refused:
        verify(text, key)  # type: ignore[arg-type]
    return str(refused.value)


def test_a_key_of_16_bytes_signs_and_one_of_15_is_refused() -> None:
    for key in (b"k" * 16, bytearray(b"k" * 16)):
        assert verify(sign("text", key), key) == "text"  # type: ignore[arg-type]
    with pytest.raises(TableGamesError) as short:
        sign("text", b"k" * 15)
    assert str(short.value) == (
        "A signing key is bytes, at least 16 of them (make one with secrets.token_bytes(32))."
    )
    with pytest.raises(TableGamesError):
        verify(sign("text", KEY), b"k" * 15)


def test_only_text_is_signed_and_verified() -> None:
    with pytest.raises(SignatureError) as signed:
        sign(b"bytes", KEY)  # type: ignore[arg-type]
    assert str(signed.value) == "Only text (a str) is signed, not bytes."
    assert message(b"bytes") == "A signed text is a str, not bytes."
    assert message(None) == "A signed text is a str, not NoneType."


def test_a_signed_record_of_the_largest_size_verifies_and_one_more_character_is_refused() -> None:
    largest = "x" * MAX_RECORD_CHARS
    signed = sign(largest, KEY)
    assert len(signed) == MAX_RECORD_CHARS + HEADER
    assert verify(signed, KEY) == largest
    assert message(signed + "y") == (
        f"The signed text is {MAX_RECORD_CHARS + HEADER + 1:,} characters long; "
        f"the limit is {MAX_RECORD_CHARS + HEADER:,}."
    )


def test_the_refusal_sentences() -> None:
    signed = sign("text", KEY)
    assert message("text") == ("The text is not signed: it must start with a 'hmac-sha256=' line.")
    assert message(signed + "!") == "The text was changed or signed with another key."
    assert message(signed, b"another key of sixteen bytes") == (
        "The text was changed or signed with another key."
    )
