emptytargets: []
