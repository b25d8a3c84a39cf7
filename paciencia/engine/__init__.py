"""The rules engine: cards, deal codes, the game protocol and table text. No web, no words."""
