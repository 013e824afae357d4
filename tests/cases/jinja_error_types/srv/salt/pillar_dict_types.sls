# the pillar's top level is a plain dict (|yaml sorts its keys), its dicts are OrderedDicts
r:
  test.nop:
    - top_yaml: "{{ pillar|yaml }}"
    - top_block: "{{ pillar|yaml(False) }}"
    - items_yaml: "{{ salt['pillar.items']()|yaml }}"
    - raw_yaml: "{{ salt['pillar.raw']()|yaml }}"
    - sub_yaml: "{{ salt['pillar.get']('app')|yaml }}"
    - copy_yaml: "{{ pillar.copy()|yaml }}"
