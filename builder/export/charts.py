"""A :class:`~builder.core.charts.LineChart` drawn as SVG by pygal, for WeasyPrint to print.

This is the only module that imports pygal. pygal writes SVG in pure Python (no browser, no
numpy), and WeasyPrint draws SVG itself, so the chart's words stay text in the PDF. The chart is
made for paper in black and white: grey lines, each series with its own dash pattern and dot,
its name in the legend and again at the end of its line.
"""

from __future__ import annotations

from xml.etree import ElementTree

import pygal
from pygal.etree import etree as pygal_etree
from pygal.style import Style

from builder.core.charts import LineChart

# pygal writes through lxml when it is installed (pikepdf, the print's join, brings it), and its SVG
# then differs (namespaces, the style's place): the standard library's, whatever else is installed.
pygal_etree.to_etree()

SHADES = ("#1d1d1d", "#6b6b6b", "#3f3f3f", "#8f8f8f", "#2d2d2d", "#575757")
DASHES = ("none", "7,4", "2,3", "9,3,2,3", "4,4", "1,4")
"""A series' dash pattern: solid, dashed, dotted, dash-dot… (repeating past six series)."""
HOLLOW = (False, True, False, True, False, True)
"""Every other series' dots are hollow, so two lines that cross still tell apart."""
WIDTH, HEIGHT = 560, 355
"""The chart's drawing units (its viewBox); the page scales it to the room it gets."""
FONT = "DejaVu Sans"
CHAR_WIDTH = 7.6
"""About how wide one character of a line's end label is, in drawing units (bold, 11 px)."""
LABEL_ROOM = 240
"""The most room the end labels take at the right; a longer name is wrapped by pygal."""


def _look(chart: LineChart, scope: str) -> str:
    """CSS after pygal's own: light solid guides, thicker patterned lines, the names dark."""
    rules = [".axis .guide.line, .axis .major.guide.line { stroke: #d4d4d4; stroke-dasharray: none; }",
             ".axis .line { stroke: #1d1d1d; }",
             ".reactive { stroke-opacity: 1; fill-opacity: 1; }",
             ".text-overlay text.label { fill: #1d1d1d; font-size: 11px; font-weight: bold; }",
             ".legends .legend rect { fill-opacity: 1; }"]
    for i in range(len(chart.series)):
        n = i % len(DASHES)
        rules.append(f".serie-{i} .line {{ stroke: {SHADES[n]}; stroke-width: 2.4; stroke-dasharray: {DASHES[n]}; }}")
        fill = "white" if HOLLOW[n] else SHADES[n]
        rules.append(f".serie-{i} .dot {{ fill: {fill}; stroke: {SHADES[n]}; stroke-width: 1.6; }}")
    # Every rule under the chart's own id, as pygal's are: none reaches the page around it.
    scoped = [", ".join(f"{scope} {part.strip()}" for part in rule.split("{")[0].split(",")) + " {" + rule.split("{", 1)[1]
              for rule in rules]
    return "inline:" + "\n".join(scoped)


def svg(chart: LineChart, key: str = "0") -> str:
    """The chart as one ``<svg>`` element, without scripts (nothing runs in print or in the preview).
    ``key`` names it apart from the document's other charts: its id is ``chart-<key>``, the same
    on every run (pygal would take a random one)."""
    style = Style(font_family=FONT, background="white", plot_background="white", foreground="#1d1d1d",
                  foreground_strong="#1d1d1d", foreground_subtle="#6b6b6b", colors=SHADES,
                  title_font_size=15, legend_font_size=12, label_font_size=11, major_label_font_size=11,
                  value_label_font_size=11, guide_stroke_color="#d4d4d4", major_guide_stroke_color="#d4d4d4")
    drawing = pygal.Line(style=style, width=WIDTH, height=HEIGHT, explicit_size=False, js=[],
                         css=["file://style.css", "file://graph.css", _look(chart, f"#chart-{key}")], title=chart.title,
                         x_title=chart.x_title or None, y_title=chart.y_title or None, print_labels=True,
                         dots_size=3.5, include_x_axis=True, min_scale=4, max_scale=8,
                         margin_right=min(LABEL_ROOM, 12 + CHAR_WIDTH * max((len(s.name) for s in chart.series), default=0)),
                         show_legend=False, disable_xml_declaration=True)
    drawing.uuid = key
    drawing.x_labels = list(chart.categories)
    for s in chart.series:
        # The series' name again beside its last point: a reader never has to match shades to the legend.
        values = [*s.values[:-1], {"value": s.values[-1], "label": s.name}] if s.values else []
        drawing.add(s.name, values)
    tree = drawing.render_tree()
    for parent in list(tree.iter()):
        for child in list(parent):
            if not isinstance(child.tag, str) or child.tag.rsplit("}", 1)[-1] == "script":
                parent.remove(child)
    return ElementTree.tostring(tree, encoding="unicode")


def swatch(chart: LineChart, index: int) -> str:
    """A sample of one series' line and dot, for the legend printed under the chart."""
    n = index % len(DASHES)
    fill = "white" if HOLLOW[n] else SHADES[n]
    dash = "" if DASHES[n] == "none" else f' stroke-dasharray="{DASHES[n]}"'
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="swatch" viewBox="0 0 36 10" width="36" height="10">'
            f'<line x1="1" y1="5" x2="35" y2="5" stroke="{SHADES[n]}" stroke-width="2.4"{dash}/>'
            f'<circle cx="18" cy="5" r="3.2" fill="{fill}" stroke="{SHADES[n]}" stroke-width="1.6"/></svg>')
