"""What is worked out for any game, above the games: the honest hints and the chance of winning
from what the player has seen (``honest``), the review of a finished game (``review``) and surveys
over many deals (``survey``). Each reaches a game only through the protocol and the registry."""
