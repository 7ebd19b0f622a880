"""The ``tarockscore`` command line: parses options, calls one library function, prints."""
