"""The players' words: the names of the shipped profiles' contracts, bonuses and Kontra steps
(rendering layer).

The core shows a name as its profile key in title case (``king_ultimo`` → ``King Ultimo``, see
:func:`tarockscore.rules.settlement.title`); marked here, the catalogue gives each the name
players use at the table (König ultimo, Vier Könige). A profile's own new name stays as written.
"""

from __future__ import annotations

from tarockscore.errors import N_

NAMES = (
    # the games (game.family)
    N_("Koenigrufen"),
    N_("Zwanzigerrufen"),
    # contracts
    N_("Rufer"),
    N_("Besserrufer"),
    N_("Solorufer"),
    N_("Dreier"),
    N_("Solodreier"),
    N_("Sechserdreier"),
    N_("Farbendreier"),
    N_("Farbensolo"),
    N_("Solo"),
    N_("Bettler"),
    N_("Bettler Ouvert"),
    N_("Piccolo"),
    N_("Piccolo Ouvert"),
    N_("Zwiccolo"),
    N_("Zwiccolo Ouvert"),
    N_("Pagatrufer"),
    N_("Uhurufer"),
    N_("Kakadurufer"),
    N_("Quapilrufer"),
    N_("Trischaken"),
    # bonuses
    N_("Pagat"),
    N_("Uhu"),
    N_("Kakadu"),
    N_("Quapil"),
    N_("King Ultimo"),
    N_("Trull"),
    N_("Four Kings"),
    N_("Valat"),
    N_("Absolut"),
    N_("Honneurs"),
    N_("Koenigfang"),
    N_("Mondfang"),
    N_("First Sack"),
    N_("Second Sack"),
    # the sides a bonus may be made by (bonuses.NAME.side)
    N_("Declarers"),
    N_("Defenders"),
    N_("Either"),
    # Kontra steps
    N_("Kontra"),
    N_("Rekontra"),
    N_("Subkontra"),
    N_("Hirschkontra"),
    N_("Mordkontra"),
    N_("Supre"),
    N_("Resupre"),
)
