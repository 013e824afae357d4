stop_service:
  cmd.run:
    - name: echo stopping
    - prereq:
      - file: deploy
deploy:
  file.managed:
    - name: {{ salt["environ.get"]("HALITE_SCRATCH") }}/deploy.txt
    - contents: v2
notify:
  test.succeed_without_changes:
    - prereq:
      - test: quiet
quiet:
  test.succeed_without_changes
