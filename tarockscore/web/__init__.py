"""The second front end: ``tarockscore serve``'s pages for the phones at the tables and the organiser's
board (web layer). Imported only when ``serve`` runs; it reaches the package only through the
library's face, ``render``, ``i18n`` and ``errors``, as the command line does."""
