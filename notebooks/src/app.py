# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Shadows over Camelot - exact odds at the table

# %% tags=["nbval-ignore-output"]
# The whole dashboard (widgets/app.py): the game tracker feeding six calculators, each tab's
# verdict pinned on top of its inputs, one language selector (English / 日本語 / Español).
from widgets.app import dashboard

dashboard()
