"""The library's actions behind ``tarockscore``'s face: each wires the file layer, the core and the rules together (library layer)."""
