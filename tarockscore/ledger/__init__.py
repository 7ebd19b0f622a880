"""The evening's ledger as immutable values (core layer, pure: no files, no terminal).

- ``model``: the values (table, profile record, hands with their results, audit trail)
- ``deal``: the deal going round: dealer, Forehand, who sits out
- ``table``: who may sit at a table, a new ledger, a hand checked against its seats
- ``stored``: the stored hands read under the ledger's profile
- ``radl``: the Radl (doubled round)
- ``results``: a hand's stored result, scored with its Radl factor
- ``operations``: record, undo, replace, delete, rescore
- ``audit``: the audit trail's prose
- ``checks``: every stored result checked against a fresh score
- ``totals``: running totals, the payout column, the sheet as data
- ``settle_up``: who pays whom (money)

The file format is ``tarockscore.files.ledger_codec``'s, its digest ``tarockscore.files.ledger_seal``'s.
"""
