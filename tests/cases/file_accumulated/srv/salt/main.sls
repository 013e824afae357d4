{% set d = salt['environ.get']('HALITE_SCRATCH') %}
animals_one:
  file.accumulated:
    - name: animals
    - filename: {{ d }}/zoo.conf
    - text: fox
    - require_in:
      - file: zoo
animals_two:
  file.accumulated:
    - name: animals
    - filename: {{ d }}/zoo.conf
    - text: [dog, fox, cat]
    - require_in:
      - file: zoo
colours:
  file.accumulated:
    - filename: {{ d }}/zoo.conf
    - text: red
    - watch_in:
      - file: zoo
zoo:
  file.managed:
    - name: {{ d }}/zoo.conf
    - source: salt://conf.j2
    - template: jinja
orphan:
  file.accumulated:
    - filename: {{ d }}/zoo.conf
    - text: lonely
block_file:
  file.managed:
    - name: {{ d }}/block.txt
    - contents: |
        head
        # START
        # END
        tail
block_acc_a:
  file.accumulated:
    - filename: {{ d }}/block.txt
    - text: [line a1, line a2]
    - require_in:
      - file: block_a
block_acc_b:
  file.accumulated:
    - filename: {{ d }}/block.txt
    - text: line b
    - require_in:
      - file: block_b
block_a:
  file.blockreplace:
    - name: {{ d }}/block.txt
    - marker_start: '# START'
    - marker_end: '# END'
    - content: from content
    - require:
      - file: block_file
block_b:
  file.blockreplace:
    - name: {{ d }}/block.txt
    - marker_start: '# START'
    - marker_end: '# END'
    - require:
      - file: block_a
shown:
  module.run:
    - file.read:
      - {{ d }}/zoo.conf
    - file.read:block:
      - {{ d }}/block.txt
make_dirs:
  file.directory:
    - names:
      - {{ d }}/prune/a/b
      - {{ d }}/prune/c
      - {{ d }}/full/sub
      - {{ d }}/empty
    - makedirs: True
full_file:
  file.managed:
    - name: {{ d }}/full/sub/x
    - contents: x
pruned_empty:
  file.pruned:
    - name: {{ d }}/empty
pruned_recurse:
  file.pruned:
    - name: {{ d }}/prune
    - recurse: True
pruned_not_empty:
  file.pruned:
    - name: {{ d }}/full
pruned_ignore_errors:
  file.pruned:
    - name: {{ d }}/full
    - ignore_errors: True
pruned_missing:
  file.pruned:
    - name: {{ d }}/nowhere
