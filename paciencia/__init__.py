"""paciencia: Crescent and Klondike solitaire."""

__version__ = "0.1.0"
