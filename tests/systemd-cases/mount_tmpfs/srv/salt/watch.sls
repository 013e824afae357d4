# mount.mod_watch: a watched change remounts with the state's arguments
changed:
  test.succeed_with_changes: []
remount-on-watch:
  mount.mounted:
    - name: /mnt/halitetestmt-same
    - device: tmpfs
    - fstype: tmpfs
    - opts: mode=755
    - persist: False
    - watch:
      - test: changed
unmounted-watch:
  mount.unmounted:
    - name: /mnt/halitetestmt-unmounted
    - watch:
      - test: changed
