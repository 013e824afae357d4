who: fleet
