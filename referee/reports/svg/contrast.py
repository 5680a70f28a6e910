"""Contrast of colours as WCAG 2 defines it, and the text colour that reads on a fill.

Black or white text is always at least 4.58:1 against some of the two (the fills where both
are worst have a relative luminance near 0.18), so choosing the better of them for every fill
keeps every mark readable at the 4.5:1 WCAG asks of normal text.
"""

from __future__ import annotations

BLACK = "#000000"
WHITE = "#ffffff"
MINIMUM_TEXT_CONTRAST = 4.5


def _channel(value: int) -> float:
    scaled = value / 255
    return scaled / 12.92 if scaled <= 0.04045 else ((scaled + 0.055) / 1.055) ** 2.4


def luminance(colour: str) -> float:
    """The relative luminance of ``#rrggbb`` (0 black to 1 white)."""
    text = colour.removeprefix("#")
    if len(text) == 3:
        text = "".join(c * 2 for c in text)
    red, green, blue = (int(text[i : i + 2], 16) for i in (0, 2, 4))
    return 0.2126 * _channel(red) + 0.7152 * _channel(green) + 0.0722 * _channel(blue)


def contrast_ratio(first: str, second: str) -> float:
    """From 1 (the same) to 21 (black on white)."""
    lighter, darker = sorted((luminance(first), luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def ink_for(fill: str) -> str:
    """Black or white, whichever reads better on ``fill``."""
    return BLACK if contrast_ratio(BLACK, fill) >= contrast_ratio(WHITE, fill) else WHITE
