"""What the desk takes in: multipart and urlencoded forms parsed strictly, bounded; the rate limit; secrets compared."""

import pytest

from builder.web.intake import PARTS_MOST, Rejected, parse_form, same

TYPE = "multipart/form-data; boundary=XyZ"


def body(*parts: bytes) -> bytes:
    return b"".join(b"--XyZ\r\n" + p + b"\r\n" for p in parts) + b"--XyZ--\r\n"


def test_a_browsers_multipart_form_gives_its_fields_and_files_byte_for_byte():
    sent = body(b'Content-Disposition: form-data; name="team"\r\n\r\nPatrulla \xc3\x91',
                b'Content-Disposition: form-data; name="files"; filename="l\xc3\xadsta.yaml"\r\n'
                b'Content-Type: application/x-yaml\r\n\r\nsystem: wartime\r\nname: A\n',
                b'Content-Disposition: form-data; name="files"; filename=""\r\n\r\n')  # an empty file input
    form = parse_form(TYPE, sent, 100)
    assert form.fields == {"team": "Patrulla Ñ"}
    assert form.files == [("lísta.yaml", b"system: wartime\r\nname: A\n")]


@pytest.mark.parametrize("sent, status", [
    (b"no boundary at all", 400),
    (body(b"Content-Disposition: form-data\r\n\r\nv"), 400),  # no name
    (body(b'Content-Disposition: form-data; name="f"; filename="a.yaml"\r\n\r\n' + b"x" * 101), 413),
    (body(*[b'Content-Disposition: form-data; name="x"\r\n\r\nv'] * (PARTS_MOST + 1)), 400),
])
def test_a_malformed_or_oversized_form_is_refused(sent, status):
    # (A part whose disposition says «attachment» is read as the field it names, as Starlette's
    # own parser reads it: the desk uses only the fields it knows.)
    with pytest.raises(Rejected) as refused:
        parse_form(TYPE, sent, 100)
    assert refused.value.status == status


def test_urlencoded_forms_and_other_types():
    assert parse_form("application/x-www-form-urlencoded", b"token=a%20b&csrf=", 10).fields == {"token": "a b", "csrf": ""}
    with pytest.raises(Rejected) as refused:
        parse_form("application/json", b"{}", 10)
    assert refused.value.status == 415


def test_secrets_match_only_when_equal_and_never_when_empty():
    assert same("abc", "abc") and not same("abc", "abd") and not same("", "") and not same(None, "x")


def test_a_spooled_body_gives_the_same_form_its_large_files_on_disk_until_loaded():
    import io
    import tempfile

    from builder.web.intake import SPOOL_MEMORY

    large = b"name: A\n" + b"#" * (3 * SPOOL_MEMORY)
    sent = body(b'Content-Disposition: form-data; name="csrf"\r\n\r\nabc',
                b'Content-Disposition: form-data; name="files"; filename="a.yaml"\r\n\r\n' + large)
    spool = tempfile.SpooledTemporaryFile(max_size=SPOOL_MEMORY)
    spool.write(sent)
    spool.seek(0)
    form = parse_form(TYPE, spool, 4 * SPOOL_MEMORY)
    assert form.fields == {"csrf": "abc"} and form.files == []
    (name, upload), = form.uploads
    assert name == "a.yaml" and not isinstance(upload, io.BytesIO)  # past SPOOL_MEMORY: a file on disk
    assert form.load().files == [("a.yaml", large)] and form.uploads == []
    with pytest.raises(Rejected) as refused:
        parse_form(TYPE, io.BytesIO(sent), SPOOL_MEMORY)
    assert refused.value.status == 413
