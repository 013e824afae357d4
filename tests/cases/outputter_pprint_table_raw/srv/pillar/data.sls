words: ["alpha", "beta gamma", "a cell long enough to be wrapped by the table outputter at fifty columns wide"]
pairs: [["a", "b"], ["ccc dd", "e"]]
text: |
  first line is here
  second line that is rather long and goes on well beyond the eighty column limit of pprint for sure
  third
