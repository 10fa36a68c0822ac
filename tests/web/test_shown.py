from builder.core.errors import InputError
from builder.web.shown import unreadable


def test_an_unreadable_file_is_shown_as_an_error_finding_with_its_line():
    shown = unreadable(InputError("invalid-encoding", "lista.yaml", 3), "en")
    assert shown["severity"] == "error"
    assert shown["code"] == "invalid-encoding" and shown["line"] == 3
