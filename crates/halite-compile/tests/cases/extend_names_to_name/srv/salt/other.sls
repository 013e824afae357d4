pkgs:
  pkg.installed:
    - refresh: True
    - names:
      - a
      - b
