"""The builder component's tests run it in its first home, ``builder serve``'s folder (the desk's
is tested in tests/desk/): the same folder and client as tests/serve/."""

from tests.serve.conftest import client, folder  # noqa: F401 - fixtures shared with tests/serve
