{#- mount.swap for real on a file that is not a swap area: swapon refuses it (nothing is
    activated, as root or not), so the state reports that it failed to activate; with
    persist the entry still goes into the (scratch) fstab, as in Salt #}
{% set out = salt['environ.get']('HALITE_SCRATCH') ~ '/out' %}
notswap:
  file.managed:
    - name: {{ out }}/notswap
    - makedirs: True
    - mode: '0600'
    - contents: not a swap area
fstab:
  file.managed:
    - name: {{ out }}/fstab
    - makedirs: True
    - contents: '# scratch fstab'
swap_nopersist:
  mount.swap:
    - name: {{ out }}/notswap
    - persist: False
    - require:
      - file: notswap
swap_persist:
  mount.swap:
    - name: {{ out }}/notswap
    - config: {{ out }}/fstab
    - require:
      - file: notswap
      - file: fstab
show_fstab:
  cmd.run:
    - name: cat {{ out }}/fstab
    - require:
      - mount: swap_persist
