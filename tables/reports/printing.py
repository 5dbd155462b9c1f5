"""A report as the PDF an accountant signs: its title, who ran it and when (on its casinos'
clock, saying which), its chart, its lines with their totals, each breakdown, and the
signature lines; "Page 3 of 9" at every foot. Laid out by ReportLab's tables, which place
a report of a few hundred rows in well under a second where an HTML layout took seconds
(docs/decisions.md, "Issue 44: the reports' PDFs"); a row is never split across pages and
the column heads repeat on each one. Every cell reads as the report's page shows it
(casino_tags.cell: thousands marked, shares as percents, codes in words)."""

from __future__ import annotations

import io
from pathlib import Path
from xml.sax.saxutils import escape
from zoneinfo import ZoneInfo

from django.utils import timezone
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas
from reportlab.platypus import (
    Image,
    KeepTogether,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.flowables import Flowable

from casino.common.headings import heading, read_columns
from casino.templatetags.casino_tags import cell
from tables.reports.figures import Report, breakdowns_of

PAGE = landscape(A4)
MARGIN = 10 * mm
WIDTH = PAGE[0] - 2 * MARGIN
# DejaVu Sans (Debian's fonts-dejavu-core, as the PAR sheet's PDF uses) writes every name a
# casino's staff or players may have; without it, the PDF's own Helvetica.
FONT_FILES = {"": Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
              "-Bold": Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")}
SIGNATURES = ("Prepared by", "Reviewed by", "Approved by")
HIT_COLUMNS = ("gaming_day", "progressive_name", "table_label", "seat", "round", "category",
               "amount", "meter_before", "status", "approved_by", "approved_at", "w2g",
               "withholding")


def _fonts() -> tuple[str, str]:
    if all(path.exists() for path in FONT_FILES.values()):
        for suffix, path in FONT_FILES.items():
            if f"DejaVuSans{suffix}" not in pdfmetrics.getRegisteredFontNames():
                pdfmetrics.registerFont(TTFont(f"DejaVuSans{suffix}", str(path)))
        return "DejaVuSans", "DejaVuSans-Bold"
    return "Helvetica", "Helvetica-Bold"


class _Styles:
    def __init__(self) -> None:
        self.font, self.bold = _fonts()
        self.title = ParagraphStyle("title", fontName=self.bold, fontSize=14, leading=18)
        self.heading = ParagraphStyle("heading", fontName=self.bold, fontSize=10, leading=14,
                                      spaceBefore=8, spaceAfter=3)
        self.meta = ParagraphStyle("meta", fontName=self.font, fontSize=8, leading=10)
        self.text = ParagraphStyle("text", fontName=self.font, fontSize=6.5, leading=7.8)
        self.number = ParagraphStyle("number", parent=self.text, alignment=TA_RIGHT)
        self.head = ParagraphStyle("head", fontName=self.bold, fontSize=6.3, leading=7.5)
        self.head_right = ParagraphStyle("head_right", parent=self.head, alignment=TA_RIGHT)


def pdf_bytes(report: Report, *, run_by: str, chart_png: bytes = b"") -> bytes:
    styles = _Styles()
    out = io.BytesIO()
    footer = (f"{report.title} · {report.selection.first:%Y-%m-%d} to "
              f"{report.selection.last:%Y-%m-%d}")
    document = SimpleDocTemplate(out, pagesize=PAGE, leftMargin=MARGIN, rightMargin=MARGIN,
                                 topMargin=12 * mm, bottomMargin=14 * mm, title=report.title,
                                 author=run_by)
    story: list[Flowable] = [*_heading(report, run_by, styles)]
    if chart_png:
        chart = Image(io.BytesIO(chart_png))
        chart.drawWidth, chart.drawHeight = _fit(chart, WIDTH * 0.8, 90 * mm)
        story += [chart, Spacer(1, 3 * mm)]
    story.append(_lines_table(report, styles))
    for breakdown in _breakdowns(report):
        story += [Paragraph(escape(heading(breakdown["name"])), styles.heading),
                  _grid(breakdown["columns"], breakdown["lines"], styles)]
    if report.extra.get("hits"):
        story += [Paragraph("Hits", styles.heading),
                  _grid(HIT_COLUMNS, report.extra["hits"], styles)]
    story.append(_signatures(styles))
    document.build(story, canvasmaker=_numbered(footer, styles.font))
    return out.getvalue()


def _heading(report: Report, run_by: str, styles: _Styles) -> list[Flowable]:
    casinos = report.selection.casinos()
    run_at = timezone.localtime(timezone=_zone_of(casinos))
    lines = [f"<b>{escape(', '.join(c.name for c in casinos))}</b>",
             f"Gaming days {escape(report.selection.describe())}",
             f"Run by {escape(run_by)} on {run_at:%Y-%m-%d %H:%M} {run_at.tzname()}"]
    source = report.source
    if source is not None and source.words:
        as_of = (f" Figures as of {source.as_of:%Y-%m-%d %H:%M:%S %Z}."
                 if source.on_replica else "")
        lines.append(escape(source.words + as_of))
    if report.closed_days:
        lines.append(f"Closed days in the period: {len(report.closed_days)}")
    return [Paragraph(escape(report.title), styles.title),
            *(Paragraph(line, styles.meta) for line in lines), Spacer(1, 3 * mm)]


def _zone_of(casinos: list) -> ZoneInfo:
    """The casinos' own clock when they share one; else UTC (the PDF says which)."""
    zones = {casino.timezone for casino in casinos}
    return ZoneInfo(zones.pop() if len(zones) == 1 else "UTC")


def _lines_table(report: Report, styles: _Styles) -> Table:
    """The rows, then the adjustments (later voids of closed days' records, each said so),
    then the totals in bold."""
    columns = read_columns(report.columns)
    lines = [*report.rows,
             *({**line, columns[0]: f"{line.get(columns[0]) or ''} (adjustment)"}
               for line in report.adjustments),
             {**report.totals, columns[0]: "Total"}]
    table = _grid(columns, lines, styles)
    total = len(lines)  # the last row: the head is row 0
    table.setStyle(TableStyle([("FONTNAME", (0, total), (-1, total), styles.bold),
                               ("LINEABOVE", (0, total), (-1, total), 1, colors.black)]))
    return table


def _breakdowns(report: Report) -> list[dict]:
    return [{**b, "columns": read_columns(b["columns"])} for b in breakdowns_of(report)]


def _grid(columns, lines: list[dict], styles: _Styles) -> Table:
    """A table of lines: words set left and wrapped, figures set right, column widths by
    what they hold."""
    columns = list(columns)
    shown = [[_shown(line.get(c), c) for c in columns] for line in lines]
    words = {i for i, c in enumerate(columns)
             if any(text and not _figure(text) for text in (row[i] for row in shown))}
    widths = _widths(columns, shown)
    head = [Paragraph(escape(heading(c)), styles.head if i in words else styles.head_right)
            for i, c in enumerate(columns)]
    body = [[Paragraph(escape(text), styles.text) if i in words and len(text) * 3.4 > widths[i]
             else text for i, text in enumerate(row)] for row in shown]
    table = Table([head, *body], colWidths=widths, repeatRows=1)
    table.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), styles.font),
        ("FONTSIZE", (0, 0), (-1, -1), 6.5),
        ("LEADING", (0, 0), (-1, -1), 7.8),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#eeeeee")),
        ("GRID", (0, 0), (-1, -1), 0.3, colors.HexColor("#999999")),
        ("TOPPADDING", (0, 0), (-1, -1), 1.2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.2),
        ("LEFTPADDING", (0, 0), (-1, -1), 1.5),
        ("RIGHTPADDING", (0, 0), (-1, -1), 1.5),
        *(("ALIGN", (i, 1), (i, -1), "RIGHT") for i in range(len(columns)) if i not in words),
    ]))
    return table


def _shown(value, column: str) -> str:
    return "" if value is None else str(cell(value, column))


def _figure(text: str) -> bool:
    return text.replace(",", "").replace(".", "").replace("%", "").lstrip("-").isdigit()


def _widths(columns: list[str], shown: list[list[str]]) -> list[float]:
    """Each column as wide as its longest entry (words capped at 28 characters: longer ones
    wrap), its head's longest word at least; shared out over the page's width."""
    wanted = []
    for i, column in enumerate(columns):
        longest = max((len(row[i]) for row in shown), default=0)
        head = max(len(word) for word in heading(column).split()) if heading(column) else 1
        wanted.append(max(min(longest, 28), head, 3) + 1.5)
    scale = WIDTH / sum(wanted)
    return [w * scale for w in wanted]


def _signatures(styles: _Styles) -> Flowable:
    """A line to sign on for each of the three, a gap between them."""
    gap, box = 12 * mm, (WIDTH - 2 * 12 * mm) / 3
    cells = [Paragraph(f"{who} (name, signature, date)", styles.meta) for who in SIGNATURES]
    table = Table([[cells[0], "", cells[1], "", cells[2]]], colWidths=[box, gap] * 2 + [box])
    table.setStyle(TableStyle([*(("LINEABOVE", (i, 0), (i, 0), 0.6, colors.black)
                                 for i in (0, 2, 4)),
                               ("TOPPADDING", (0, 0), (-1, -1), 2),
                               ("LEFTPADDING", (0, 0), (-1, -1), 0)]))
    return KeepTogether([Spacer(1, 14 * mm), table])


def _fit(image: Image, width: float, height: float) -> tuple[float, float]:
    scale = min(width / image.imageWidth, height / image.imageHeight)
    return image.imageWidth * scale, image.imageHeight * scale


def _numbered(footer: str, font: str):
    """A canvas that knows how many pages there are once they are all laid out: each
    page's foot says "Page 3 of 9" and the report and its days."""

    class Numbered(canvas.Canvas):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            self._pages: list[dict] = []

        def showPage(self) -> None:
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            for state in self._pages:
                self.__dict__.update(state)
                self.setFont(font, 7.5)
                self.drawString(MARGIN, 7 * mm, footer)
                self.drawRightString(PAGE[0] - MARGIN, 7 * mm,
                                     f"Page {self._pageNumber} of {len(self._pages)}")
                super().showPage()
            super().save()

    return Numbered
