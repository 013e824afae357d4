strtargets: a
