{% set d = salt['environ.get']('HALITE_SCRATCH') %}
merged:
  file.recurse:
    - name: {{ d }}/merged
    - source:
      - salt://override?saltenv=prod
      - salt://base
    - merge: True
merged_again:
  file.recurse:
    - name: {{ d }}/merged
    - source:
      - salt://override?saltenv=prod
      - salt://base
    - merge: True
    - clean: True
first_only:
  file.recurse:
    - name: {{ d }}/first
    - source:
      - salt://missing
      - salt://override?saltenv=prod
      - salt://base
merge_missing_first:
  file.recurse:
    - name: {{ d }}/merged2
    - source:
      - salt://missing
      - salt://base
    - merge: True
