"""A class that answers together: the lesson, the store, the students' server, the report."""
