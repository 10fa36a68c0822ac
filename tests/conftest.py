import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.serve.live import SHARED, chromium
from tests.support import Checker

# The default suite is deterministic: property tests draw from a fixed seed, keep no example
# database between runs and never spend minutes shrinking a failure (make fuzz searches longer).
settings.register_profile("builder-default", derandomize=True, database=None, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("BUILDER_HYPOTHESIS_PROFILE", "builder-default"))


@pytest.fixture(autouse=True)
def _language_of_the_suite(monkeypatch):
    """Every test starts in builder's default language (Spanish), whatever the machine's locale
    says: the language rule reads BUILDER_LANG, then LC_ALL, LC_MESSAGES and LANG, and gettext
    (click's own words) reads LANGUAGE first. A test that wants English asks for it."""
    for name in ("BUILDER_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


@pytest.fixture(autouse=True)
def _choices_tried_by_count_alone(monkeypatch):
    """A builder's answer tries its choices against the rules for at most TRIAL_SECONDS, then leaves
    the rest open: on a busy machine a choice a test expects refused came back open (a KeyError in
    tests/web/test_trials.py under load). In the suite only the count bounds the trials, so what is
    refused does not depend on how busy the machine is."""
    from builder.web import trials

    monkeypatch.setattr(trials, "TRIAL_SECONDS", float("inf"))


@pytest.fixture
def measured_alone():
    """A test that attacks a server and times another player meanwhile: it runs while no other test
    of the run does (pytest_runtest_protocol below), so what it measures is the server under its
    attack, not the suite's other worker printing PDFs or driving Chromium on the same two cores."""
    yield


def _lock(name: str):
    import tempfile

    run = os.environ.get("PYTEST_XDIST_TESTRUNUID", str(os.getpid()))
    return open(Path(tempfile.gettempdir()) / f"builder-tests-{name}-{run}.lock", "w")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """Every test holds the run's lock shared, from its setup (a module's server or Chromium
    started with it) to its teardown; a measured_alone test holds it alone. The turnstile lets a
    waiting measured test in before the next ordinary ones, which would otherwise keep the shared
    lock held by one xdist worker or another for as long as there are tests."""
    import fcntl

    alone = "measured_alone" in getattr(item, "fixturenames", ())
    with _lock("turnstile") as turnstile, _lock("measured") as lock:
        fcntl.flock(turnstile, fcntl.LOCK_EX)
        if not alone:
            fcntl.flock(turnstile, fcntl.LOCK_UN)
        fcntl.flock(lock, fcntl.LOCK_EX if alone else fcntl.LOCK_SH)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
            if alone:
                fcntl.flock(turnstile, fcntl.LOCK_UN)


def pytest_report_header(config):
    """Which releases the suite runs on: the lock's, or (make test-latest) others."""
    from tests.locked import moved

    differ = sorted(f"{name} {version} (lock {locked})" for name, (version, locked) in moved().items())
    if not differ:
        return "dependencies: exactly requirements.lock.txt"
    return f"dependencies: {len(differ)} differ from requirements.lock.txt: " + ", ".join(differ)


@pytest.fixture(scope="module")
def module_chromium():
    """One Chromium for a test module's browser tests (launching one takes longer than most tests);
    each test opens contexts of its own in it (cookies, storage and workers apart). Module-scoped,
    not the session's: Playwright's loop, kept alive, stops other modules' asyncio.run."""
    with chromium() as browser:
        SHARED.append(browser)
        try:
            yield browser
        finally:
            SHARED.remove(browser)


@pytest.fixture
def launched(module_chromium):
    """The module's Chromium for one test (skipped, saying why, without Chromium); what the test
    opened in it is closed after it."""
    yield module_chromium
    for context in module_chromium.contexts:
        context.close()


@pytest.fixture
def check(tmp_path: Path) -> Checker:
    """Write a roster into tmp_path and evaluate it: ``check(text, name="lista.yaml")``."""
    return Checker(tmp_path)


# Hand arithmetic for the Fénix warbook (examples/wartime/fenix-warbook.yaml), from the Wartime
# cost tables:
#   attribute cost 1..10 = 0,1,2,3,4,6,10,17,28,45
#   energy / damage / protection / defense 1..10 = 5,10,15,20,25,35,45,55,65,75
#   fortune 1..10 = 10,15,...,55
#   Soldado raso  con4 agi4 int3 rea4 vol3 = 3+3+2+3+2 = 13, level 4+4+3+4+3 = 18
#   Veterano      con5 agi6 int4 rea5 vol5 = 4+6+3+4+4 = 21, level 5+6+4+5+5 = 25
#   Fusil de asalto  dmg4 20 + range 4*15*0.1 = 6 − energy2 10           = 16
#   Cuchillo         dmg2 10 − energy1 5                                  = 5
#   Lanzagranadas    dmg5 25 + range 5*20*0.1 = 10 + area: circle d3
#                    = pi*1.5^2 = 7.07 -> 7 K², 5*7*0.1 = 3.5 -> 4; − energy3 15 = 24
#   Chaleco antibalas prot3 15 − energy2 10 = 5;  Casco prot1 5 − 5 = 0 -> minimum 1
#   Moto de exploración defense2 10 − energy1 5 = 5
#   Radio  bonus 3 − energy1 5 = −2 -> minimum 1
#   Fusilero   13 + 16 + 5 + 5 + 1           = 40  (level 18, energy min(4+5,10) = 9,
#              vitality = CON 4, defense 3 + 1 = 4, movement round(2.5) = 3)
#   Sargento   21 + 16 + 5 + 1 + fortune2 15 = 58  (level 25, energy min(5+5,10) = 10,
#              vitality 5, defense 3, movement 3)
#   Granadero  13 + 24 + 5                   = 42
#   Explorador 13 + 5 (moto) + 5 (cuchillo)  = 23
#   Compañía Fénix: 58 + 3*40 + 42 + 40 + 23 = 283 of 300, 7 models
#   Asalto Fénix:   58 + 4*40 + 2*42 + 23    = 325 of 250 (over-points-limit), Sargento
#                   level 25 over max_level 20 (restriction-max-level); formations: true,
#                   squad Apoyo of 2 -> warning formation-too-small; lone Solitario 23 <= 25.
@pytest.fixture
def wt(tmp_path: Path) -> Path:
    """A folder with the Fénix warbook and its two example lists (copies: tests may write beside them)."""
    folder = tmp_path / "wartime"
    folder.mkdir(exist_ok=True)
    for name in ("fenix-warbook.yaml", "compania-fenix.yaml", "asalto-ilegal.yaml"):
        shutil.copy(Path(__file__).resolve().parents[1] / "examples" / "wartime" / name, folder / name)
    return folder


def pytest_configure(config):
    """Every worker process a desk or the hosted builder starts in this run is forked from a fork
    server that has loaded each game once (tests/warm_workers.py)."""
    from builder.desk import workers

    if "tests.warm_workers" not in workers.PRELOAD:
        workers.PRELOAD.append("tests.warm_workers")
