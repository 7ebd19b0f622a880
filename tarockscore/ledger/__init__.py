"""The evening's ledger as immutable values (core layer, pure: no files, no terminal).

- ``model``: the values (table, profile record, hands with their results, audit trail)
- ``deal``: the deal going round: dealer, Forehand, who sits out
- ``table``: who may sit at a table, a new ledger, a hand checked against its seats
- ``stored``: the stored hands read under the ledger's profile
- ``fold``: the evening a ledger's log makes, entry by entry
- ``codec``: each value to and from the plain mapping its file holds (and a schema-1 ledger's)
- ``radl``: the Radl (doubled round)
- ``results``: a hand's stored result, scored with its Radl factor
- ``operations``: record, undo, replace, delete, rescore
- ``audit``: the audit trail's prose
- ``checks``: every stored result checked against a fresh score
- ``totals``: running totals, the payout column, the sheet as data
- ``settle_up``: who pays whom (money)

The file itself (its log, its chain, its lock) is ``tarockscore.files.ledger_file``'s.
"""
