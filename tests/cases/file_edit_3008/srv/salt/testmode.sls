{% set d = salt['environ.get']('HALITE_SCRATCH') %}
{% set roots = opts['file_roots']['base'][0] %}
new_file_diff:
  file.managed:
    - name: {{ d }}/new_file_diff.txt
    - contents: EITR
    - new_file_diff: True
new_file_plain:
  file.managed:
    - name: {{ d }}/new_file_plain.txt
    - contents: EITR
keyvalue_prune:
  file.keyvalue:
    - name: {{ roots }}/data/sshd_config
    - key: PermitRootLogin
    - value: 'no'
    - separator: ' '
    - prune: True
prepend_hidden:
  file.prepend:
    - name: {{ roots }}/data/prepend.txt
    - text: cheese
    - show_changes: False
replace_utf16:
  file.replace:
    - name: {{ roots }}/data/utf16.psd1
    - pattern: PowerShellVersion\s+=\s+'2\.0'
    - repl: PowerShellVersion = '3.0'
    - encoding: utf-16
