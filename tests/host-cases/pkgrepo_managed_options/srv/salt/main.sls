halitetest-pkg-opts:
  pkgrepo.managed:
    - name: deb [signed-by=/etc/apt/keyrings/halitetest-pkg.gpg] file:/var/tmp/halitetest-pkg-repo-opts bookworm main
    - architectures: amd64
    - comps: main,contrib
    - file: /etc/apt/sources.list.d/halitetest-pkg-opts.list
    - clean_file: True
    - refresh_db: False
