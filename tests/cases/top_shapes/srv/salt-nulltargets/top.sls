nulltargets:
