shared: from_common
only_common: 1
