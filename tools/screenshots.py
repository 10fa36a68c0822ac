"""Render every example's spreadsheet and PDF to PNG pictures, to look at before shipping them.

    python tools/screenshots.py [build/screenshots]

For each example it writes, under the folder: the example's .xlsx and .pdf (`builder export
--draft`: the illegal examples are drafts on purpose), the tournament's summary sheet
(`builder check --summary`) and the campaign's standings (`builder campaign`); then
`<name>-pdf-<page>.png` for every PDF page (pdftoppm), and `<name>-xlsx-<page>.png` for every
printed page of every sheet (LibreOffice, headless, prints the workbook as its print setup says,
then pdftoppm). Without LibreOffice (`soffice` or `libreoffice`) the sheets are skipped with a
note; without pdftoppm (poppler-utils) nothing is rendered, and the script says so. Last, the
page's and the desk's pictures in docs/images/ are taken anew (tools/page_shots.py, Chromium).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
RESOLUTION = "110"
"""Dots per inch of the pictures: the sheets' text readable at 100 % of the picture."""


def builder(*args: object) -> int:
    return subprocess.run([sys.executable, "-m", "builder", *map(str, args)], cwd=ROOT, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL, check=False).returncode


def outputs(folder: Path) -> list[Path]:
    """Write every example's files into ``folder``; return them."""
    for roster in sorted(p.relative_to(ROOT) for p in EXAMPLES.glob("*/*.yaml")):  # named as in `make demo`
        if builder("export", roster, "--xlsx", folder / f"{roster.stem}.xlsx", "--pdf", folder / f"{roster.stem}.pdf",
                   "--draft") > 1:
            print(f"note: {roster} is no list to export; skipped")
    tournament = EXAMPLES.relative_to(ROOT) / "tournament"
    builder("check", tournament / "lists", "--pack", tournament / "pack" / "torneo-otono.yaml",
            "--summary", folder / "torneo-otono-resumen.xlsx")
    builder("campaign", EXAMPLES.relative_to(ROOT) / "cripmaquion" / "infierno-de-amauta.yaml",
            "--xlsx", folder / "campana-clasificacion.xlsx", "--pdf", folder / "campana-clasificacion.pdf")
    return sorted(p for p in folder.iterdir() if p.suffix in (".xlsx", ".pdf"))


def office() -> str | None:
    return shutil.which("soffice") or shutil.which("libreoffice")


def printed(sheet: Path, soffice: str, profile: Path) -> Path | None:
    """The workbook printed to PDF by LibreOffice, beside it as ``<name>.xlsx.pdf``."""
    with tempfile.TemporaryDirectory() as out:
        result = subprocess.run([soffice, f"-env:UserInstallation={profile.as_uri()}", "--headless",
                                 "--convert-to", "pdf", "--outdir", out, str(sheet)],
                                capture_output=True, timeout=300, check=False)
        made = Path(out) / f"{sheet.stem}.pdf"
        if result.returncode or not made.exists():
            print(f"note: LibreOffice could not print {sheet.name}: {result.stderr.decode(errors='replace').strip()}")
            return None
        return Path(shutil.move(str(made), sheet.with_name(f"{sheet.name}.pdf")))


def pictures(pdf: Path, prefix: Path) -> int:
    subprocess.run(["pdftoppm", "-png", "-r", RESOLUTION, str(pdf), str(prefix)], check=True, timeout=300)
    return len(list(prefix.parent.glob(f"{prefix.name}-*.png")))


def main(target: str = "build/screenshots") -> int:
    folder = (ROOT / target).resolve()
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    if not shutil.which("pdftoppm"):
        print("note: pdftoppm (poppler-utils) is not installed: nothing rendered")
        return 1
    files = outputs(folder)
    soffice = office()
    if soffice is None:
        print("note: LibreOffice (soffice / libreoffice) is not installed: the spreadsheets are not rendered")
    with tempfile.TemporaryDirectory() as profile:
        for made in files:
            if made.suffix == ".pdf":
                count = pictures(made, folder / f"{made.stem}-pdf")
            elif soffice is not None and (pdf := printed(made, soffice, Path(profile))) is not None:
                count = pictures(pdf, folder / f"{made.stem}-xlsx")
            else:
                continue
            print(f"{made.name}: {count} page(s)")
    print(f"pictures in {folder}")
    # The page's and the desk's pictures the README and the guides show, taken anew into docs/images.
    return subprocess.run([sys.executable, str(ROOT / "tools" / "page_shots.py"), "docs/images"], cwd=ROOT,
                          check=False).returncode


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
