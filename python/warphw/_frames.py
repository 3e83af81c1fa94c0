# SPDX-License-Identifier: Apache-2.0
"""Rows as a pandas DataFrame when asked for (or when pandas is there)."""
from __future__ import annotations

from typing import Any


def frame(rows: list[dict[str, Any]], as_frame: bool | None, attrs: dict[str, Any] | None = None) -> Any:
    """as_frame False: the rows; True: a DataFrame (pandas required); None:
    a DataFrame when pandas is installed, else the rows."""
    if as_frame is False:
        return rows
    try:
        import pandas as pd
    except ImportError:
        if as_frame:
            raise
        return rows
    df = pd.DataFrame(rows)
    df.attrs.update(attrs or {})
    return df
