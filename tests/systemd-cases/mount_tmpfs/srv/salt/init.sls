{%- set fstab = '/etc/halitetestmt-fstab' %}
same:
  mount.mounted:
    - name: /mnt/halitetestmt-same
    - device: tmpfs
    - fstype: tmpfs
    - opts: mode=755
    - config: {{ fstab }}
opts-remount:
  mount.mounted:
    - name: /mnt/halitetestmt-opts/
    - device: tmpfs
    - fstype: tmpfs
    - opts: [noexec, nosuid, defaults, nofail]
    - config: {{ fstab }}
# Salt: a size among the active superopts replaces every option compared, so no remount
sized:
  mount.mounted:
    - name: /mnt/halitetestmt-sized
    - device: tmpfs
    - fstype: tmpfs
    - opts: size=2m,noexec
    - config: {{ fstab }}
other-device:
  mount.mounted:
    - name: /mnt/halitetestmt-dev
    - device: tmpfs
    - fstype: tmpfs
    - opts: size=512k
    - config: {{ fstab }}
uid-by-name:
  mount.mounted:
    - name: /mnt/halitetestmt-uid
    - device: tmpfs
    - fstype: tmpfs
    - opts: uid=nobody,gid=nogroup
    - config: {{ fstab }}
bind:
  mount.mounted:
    - name: /mnt/halitetestmt-bind
    - device: /mnt/halitetestmt-same
    - fstype: none
    - opts: bind
    - config: {{ fstab }}
hidden:
  mount.mounted:
    - name: /mnt/halitetestmt-mode
    - device: tmpfs
    - fstype: tmpfs
    - opts: mode=755,x-halitetest
    - hidden_opts: x-halitetest
    - persist: False
new-mkmnt:
  mount.mounted:
    - name: /mnt/halitetestmt-new
    - device: halitetestmt-new
    - fstype: tmpfs
    - opts: size=1m,mode=700
    - mkmnt: True
    - dump: 1
    - config: {{ fstab }}
gone:
  mount.unmounted:
    - name: /mnt/halitetestmt-gone
    - persist: True
    - config: {{ fstab }}
already-unmounted:
  mount.unmounted:
    - name: /mnt/halitetestmt-unmounted
